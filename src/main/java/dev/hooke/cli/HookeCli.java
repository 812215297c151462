package dev.hooke.cli;

import java.io.Console;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.OverwrittenOptionException;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The headless command line: {@code hooke run ...}, {@code hooke stability ...}, {@code hooke help}.
 *
 * <p>Exit codes: 0 success (a run whose system exploded is a success: the explosion is the
 * result, reported); 1 the output could not be written (one line on standard error); 2 bad
 * usage: one line on standard error, {@code hooke: --option: the problem}. No stack trace reaches
 * the user.
 *
 * <p>A new command is a class annotated with {@code @Command} listed in {@code subcommands}
 * below; scene and integrator options come with the {@link SceneOptions} and
 * {@link IntegratorOptions} mixins.
 */
@Command(name = "hooke", mixinStandardHelpOptions = true, versionProvider = HookeCli.Version.class,
        description = "Mass-spring systems, simulated headless: run a scene, or find how large Δt may be.",
        synopsisSubcommandLabel = "COMMAND",
        commandListHeading = "%nCommands:%n",
        footerHeading = "%n",
        footer = {"Without arguments, java -jar hooke.jar opens the workbench window.",
                "Exit codes: 0 done (also when the system exploded), 1 output could not be written, 2 bad usage."},
        subcommands = {RunCommand.class, StabilityCommand.class, ModesCommand.class, LessonCommand.class, BenchCommand.class,
            HelpCommand.class})
public final class HookeCli implements Runnable {

    /** The prefix of every message on standard error. */
    static final String PREFIX = "hooke: ";

    @Spec
    CommandSpec spec;

    /** Runs the command line on the process's standard output and error and returns the exit code. */
    public static int run(String[] args) {
        Charset charset = terminalCharset();
        // the standard output as a raw stream, not System.out: System.out swallows a closed pipe
        // or a full disk, and the writer's checkError() could not see them
        PrintWriter out = new PrintWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.out), charset), true);
        PrintWriter err = writer(System.err, charset);
        try {
            int code = run(args, out, err);
            out.flush();
            if (out.checkError() && code == 0) {
                err.println(PREFIX + "cannot write to the standard output (closed by its reader, or the disk is full)");
                return 1;
            }
            return code;
        } finally {
            out.flush();
            err.flush();
        }
    }

    /** Runs the command line on the given writers and returns the exit code (never exits the JVM). */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        try {
            return commandLine(out, err).execute(args);
        } catch (OutOfMemoryError e) {
            err.println(PREFIX + "out of memory: the scene is too large for this JVM (try -Xmx)");
            return 1;
        } catch (RuntimeException e) {
            err.println(PREFIX + "internal error: " + oneLine(e));
            return 1;
        }
    }

    /** A command line writing to the given writers, with Hooke's error handling. */
    public static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(new HookeCli());
        cl.setExpandAtFiles(false);
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((ex, args) -> {
            err.println(PREFIX + usageMessage(ex, args));
            err.flush();
            return CommandLine.ExitCode.USAGE;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            err.println(PREFIX + "internal error: " + oneLine(ex));
            err.flush();
            return CommandLine.ExitCode.SOFTWARE;
        });
        cl.getSubcommands().get("run").getCommandSpec().usageMessage().footer(RunCommand.footer());
        for (CommandLine sub : cl.getSubcommands().values()) {
            boolean hasScene = sub.getCommandSpec().mixins().values().stream()
                    .anyMatch(m -> m.userObject() instanceof SceneOptions);
            if (hasScene) {
                sub.getHelpSectionMap().put(SceneOptions.DEFAULTS_SECTION, SceneOptions.defaultsSection());
                List<String> keys = new ArrayList<>(sub.getHelpSectionKeys());
                keys.add(keys.indexOf(CommandLine.Model.UsageMessageSpec.SECTION_KEY_FOOTER_HEADING),
                        SceneOptions.DEFAULTS_SECTION);
                sub.setHelpSectionKeys(keys);
            }
        }
        return cl;
    }

    /** Without a command: a usage error. */
    @Override
    public void run() {
        throw new UsageException(spec.commandLine(), "missing command: choose one of "
                + commandNames(spec) + " (see hooke --help)");
    }

    /**
     * The one line that describes a usage error, starting with the option at fault where there
     * is one: {@code --dt: must be a finite number > 0, got -1}.
     */
    static String usageMessage(ParameterException ex, String[] args) {
        if (ex instanceof UsageException) {
            return ex.getMessage();
        }
        if (ex.getCause() instanceof TypeConversionException tce && ex.getArgSpec() != null) {
            return name(ex.getArgSpec()) + ": " + tce.getMessage();
        }
        if (ex instanceof MissingParameterException missing && !missing.getMissing().isEmpty()) {
            ArgSpec arg = missing.getMissing().get(0);
            return arg.isOption() ? name(arg) + ": missing value" : "missing " + arg.paramLabel();
        }
        if (ex instanceof OverwrittenOptionException over && over.getOverwritten() != null) {
            return name(over.getOverwritten()) + ": given more than once";
        }
        if (ex instanceof UnmatchedArgumentException unmatched && !unmatched.getUnmatched().isEmpty()) {
            String arg = unmatched.getUnmatched().get(0);
            List<String> suggestions = unmatched.getSuggestions();
            String hint = suggestions.isEmpty() ? "" : "; did you mean " + String.join(" or ", suggestions) + "?";
            CommandSpec where = ex.getCommandLine().getCommandSpec();
            if (unmatched.isUnknownOption()) {
                return "unknown option " + arg + hint;
            }
            if (!where.subcommands().isEmpty() && where.parent() == null) {
                return "unknown command " + arg + "; choose one of " + commandNames(where);
            }
            int at = Arrays.asList(args).indexOf(arg);
            if (at > 0 && args[at - 1].startsWith("--")) {
                return "unexpected argument " + arg + " after " + args[at - 1];
            }
            return "unexpected argument " + arg;
        }
        return firstLine(ex.getMessage());
    }

    private static String name(ArgSpec arg) {
        return arg instanceof OptionSpec o ? o.longestName() : arg.paramLabel();
    }

    private static String commandNames(CommandSpec spec) {
        return spec.subcommands().keySet().stream().filter(n -> !n.equals("help")).collect(Collectors.joining(", "));
    }

    private static String oneLine(Throwable e) {
        String m = e.getMessage();
        return e.getClass().getSimpleName() + (m == null ? "" : ": " + firstLine(m));
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).trim();
    }

    /** The console's charset when there is a console, UTF-8 otherwise (pipes and files). */
    private static Charset terminalCharset() {
        Console console = System.console();
        return console != null ? console.charset() : StandardCharsets.UTF_8;
    }

    private static PrintWriter writer(PrintStream stream, Charset charset) {
        return new PrintWriter(new OutputStreamWriter(stream, charset), true);
    }

    /** The version: from the jar's Maven properties, else the package's manifest, else "development build". */
    static final class Version implements IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"hooke " + version(),
                "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"};
        }

        static String version() {
            try (InputStream in = HookeCli.class.getResourceAsStream("/META-INF/maven/dev.hooke/hooke/pom.properties")) {
                if (in != null) {
                    Properties p = new Properties();
                    p.load(in);
                    String v = p.getProperty("version");
                    if (v != null && !v.isBlank()) {
                        return v.trim();
                    }
                }
            } catch (IOException e) {
                // fall through to the manifest
            }
            String v = HookeCli.class.getPackage().getImplementationVersion();
            return v != null ? v : "(development build)";
        }
    }
}
