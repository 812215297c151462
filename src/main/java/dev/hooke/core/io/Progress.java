package dev.hooke.core.io;

/**
 * What a long piece of work (a lesson check, a bisection, a benchmark) says of itself while it
 * runs, so that a user can tell a slow run from a hung one. Called on the working thread; an
 * implementation must be quick.
 */
@FunctionalInterface
public interface Progress {

    /** Says nothing. */
    Progress NONE = (stage, done, total) -> { };

    /**
     * @param stage what is being done now, in a few words
     * @param done  how many units of the work are done
     * @param total how many there are, or −1 when that is not known in advance
     */
    void at(String stage, long done, long total);
}
