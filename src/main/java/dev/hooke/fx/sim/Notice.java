package dev.hooke.fx.sim;

/**
 * A message from the simulation thread to the person at the window: what it is about, the
 * engine's own words for the detail (the field at fault and its bound, or what a step threw), and
 * a serial number that grows with every new notice, so that a view shows each one once.
 *
 * @param kind   what the notice is about; its sentence is the view's to write, in its language
 * @param detail the engine's detail, or "" when there is none
 * @param serial increases with every new notice; 0 for none yet
 */
public record Notice(Kind kind, String detail, long serial) {

    /** What a notice is about. */
    public enum Kind {
        /** No notice yet. */
        NONE,
        /** A change the engine refused; nothing changed. It goes away after a few seconds. */
        REFUSED,
        /** The simulation stopped because a step failed. It stays until the next notice. */
        STOPPED,
        /** The stability analysis failed; the limit shown is the last one found. */
        ANALYSIS_FAILED
    }

    /** No notice yet. */
    public static final Notice NONE = new Notice(Kind.NONE, "", 0);

    public Notice {
        detail = detail == null ? "" : detail;
    }

    /** The next notice after this one. */
    Notice next(Kind k, String d) {
        return new Notice(k, d, serial + 1);
    }

    /** Whether the notice stays until the next one, rather than going after a few seconds. */
    public boolean sticky() {
        return kind == Kind.STOPPED;
    }
}
