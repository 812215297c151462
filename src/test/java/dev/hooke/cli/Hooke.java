package dev.hooke.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

/** Runs the command line in-process with captured output, as the tests' single entry point. */
final class Hooke {

    /**
     * What a run of the command line produced.
     *
     * @param code the exit code
     * @param out  the standard output
     * @param err  the standard error
     */
    record Result(int code, String out, String err) {
        /** The lines of the standard error. */
        List<String> errLines() {
            return err.lines().toList();
        }
    }

    private Hooke() {
    }

    /** Runs {@code hooke args...}. */
    static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = HookeCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Result(code, out.toString(), err.toString());
    }
}
