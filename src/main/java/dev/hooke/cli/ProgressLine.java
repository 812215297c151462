package dev.hooke.cli;

import dev.hooke.core.io.Progress;
import java.io.PrintStream;
import java.time.Duration;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress bar on standard error for a command's long work (me.tongfei's progressbar), drawn
 * only when the command runs in a terminal: piped or redirected output, and the tests, get none.
 * It shows the stage the work reports ({@link Progress}) and how far it is, or a count where the
 * total is not known in advance.
 */
final class ProgressLine implements Progress, AutoCloseable {

    /** How often the bar is redrawn. */
    private static final Duration REFRESH = Duration.ofMillis(200);

    private final String task;
    private final PrintStream stream;
    private ProgressBar bar;
    private long total = Long.MIN_VALUE;

    private ProgressLine(String task, PrintStream stream) {
        this.task = task;
        this.stream = stream;
    }

    /**
     * A progress line for {@code task} on standard error when the command runs in a terminal
     * ({@link System#console()}), else one that draws nothing.
     */
    static ProgressLine onTerminal(String task) {
        return new ProgressLine(task, System.console() != null ? System.err : null);
    }

    /** A progress line drawn on {@code stream} whatever it is (for tests). */
    static ProgressLine on(String task, PrintStream stream) {
        return new ProgressLine(task, stream);
    }

    @Override
    public void at(String stage, long done, long total) {
        if (stream == null) {
            return;
        }
        if (bar == null || total != this.total) {
            if (bar != null) {
                bar.close();
            }
            this.total = total;
            bar = new ProgressBarBuilder().setTaskName(task).setInitialMax(total)
                    .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis((int) REFRESH.toMillis())
                    .continuousUpdate().setConsumer(new ConsoleProgressBarConsumer(stream)).build();
        }
        bar.stepTo(done);
        bar.setExtraMessage(stage);
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
            bar = null;
        }
    }
}
