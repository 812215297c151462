package dev.hooke.core.lesson;

/**
 * One row of a lesson report.
 *
 * @param lesson   the lesson's id (or its file when it could not be read)
 * @param step     the 1-based step number, or 0 for the lesson as a whole
 * @param check    the check's name ("load" when the file could not be read, an action's name when
 *                 an action could not be played)
 * @param expected what the lesson states
 * @param measured what the engine gave
 * @param pass     whether they agree
 * @param line     the line in the lesson file, or 0
 */
public record CheckResult(String lesson, int step, String check, String expected, String measured, boolean pass,
                          int line) {
}
