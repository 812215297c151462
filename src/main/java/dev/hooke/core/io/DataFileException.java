package dev.hooke.core.io;

/**
 * A data file (a lesson or a scene file) that cannot be read: it names the file, the line and the
 * field at fault, in the form {@code lessons/03-limit.yaml:14: steps[2].expect[0].explosion_dt.within:
 * must be a percentage > 0, got -5}. Checked, so that every caller decides what a person sees.
 */
public final class DataFileException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final String field;
    private final String problem;

    /**
     * @param file    the file as it was named to the reader
     * @param line    the 1-based line, or 0 when the problem concerns the whole file
     * @param field   the path of the field at fault ({@code steps[2].expect[0].within}), or "" for none
     * @param problem what is wrong, in words
     */
    public DataFileException(String file, int line, String field, String problem) {
        super(format(file, line, field, problem));
        this.file = file;
        this.line = line;
        this.field = field == null ? "" : field;
        this.problem = problem;
    }

    private static String format(String file, int line, String field, String problem) {
        StringBuilder sb = new StringBuilder(file);
        if (line > 0) {
            sb.append(':').append(line);
        }
        sb.append(": ");
        if (field != null && !field.isEmpty()) {
            sb.append(field).append(": ");
        }
        return sb.append(problem).toString();
    }

    /** The file as it was named to the reader. */
    public String file() {
        return file;
    }

    /** The 1-based line, or 0 when the problem concerns the whole file. */
    public int line() {
        return line;
    }

    /** The path of the field at fault, or "". */
    public String field() {
        return field;
    }

    /** What is wrong, without file, line and field. */
    public String problem() {
        return problem;
    }
}
