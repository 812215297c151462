package dev.hooke.core.lesson;

/**
 * An action of a lesson that cannot be played (a run over the work limit, say): the
 * {@link LessonRunner} turns it into a failing row and ends the lesson. Its message is the
 * English of {@link #text()}.
 */
final class ActionFailed extends Exception {
    private static final long serialVersionUID = 1L;
    private final transient Text text;

    ActionFailed(Text text) {
        super(text.en());
        this.text = text;
    }

    /** Why the action cannot be played, in both languages. */
    Text text() {
        return text;
    }
}
