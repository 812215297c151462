package dev.hooke.fx.chart;

import dev.hooke.fx.controls.Numbers;
import dev.hooke.fx.sim.EnergySample;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import javafx.collections.ObservableList;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;

/**
 * A live line chart of quantities against simulated time t, over a sliding window of
 * {@value #WINDOW_SECONDS} s (or the width {@link #setWindow} gives), optionally with a logarithmic value axis. Samples arrive in batches,
 * once per frame, and every batch is added to each series with one bulk call; each series keeps
 * at most {@value #MAX_POINTS} points.
 *
 * <p>A {@link Line} says which quantity a series plots and of which system (lane 0 the main one,
 * lane 1 the second one of compare mode). Values that are not finite are left out, and on the
 * log scale so are values ≤ 0: the series is drawn where the quantity exists. On the log scale the
 * chart plots log₁₀ y and labels the ticks with y itself (JavaFX has no logarithmic axis); the
 * axis spans whole decades around the data.
 *
 * <p>The last {@value #MAX_RECENT} samples are kept, so that switching the scale or the lines
 * redraws the window at once.
 */
public final class TimeSeriesChart {

    /** The width of the time window; in s. */
    public static final double WINDOW_SECONDS = 10;
    /** The most points a series keeps. */
    public static final int MAX_POINTS = 600;
    /** How many samples (of all lanes) are kept for redrawing. */
    public static final int MAX_RECENT = 2 * MAX_POINTS;

    /**
     * One series.
     *
     * @param name  the legend's text
     * @param lane  the system it follows (0 the main one, k the k-th of a comparison), or
     *              {@link #ANY_LANE} for a quantity all systems share (Δt, the naive bound): it
     *              follows whichever system still runs
     * @param value the quantity
     */
    public record Line(String name, int lane, ToDoubleFunction<EnergySample> value) {
        /** The lane of a line that takes one sample per instant from any system. */
        public static final int ANY_LANE = -1;
    }

    /**
     * A fixed series that no sample feeds (a Δt sweep's results): points (t, y), drawn as marks or
     * joined by a line. On the log scale y ≤ 0 is left out.
     *
     * @param name  the legend's text
     * @param t     the times; in s
     * @param y     the values
     * @param marks whether each point is a mark (true) or the points are joined by a line
     */
    public record Points(String name, double[] t, double[] y, boolean marks) {
    }

    /** The least distance between two time ticks, in ems: room for a label of three digits and a gap of one. */
    private static final double TIME_TICK_SPACING_EM = 2.5;
    /**
     * Ticks at whole seconds (2, 5, 10 … where the axis is short): as the window slides they
     * move with the curves and keep their labels.
     */
    private final MultiplesAxis time = new MultiplesAxis(0, WINDOW_SECONDS, 1);
    private final NumberAxis values = new NumberAxis();
    private final LineChart<Number, Number> chart = new ClearingLineChart(time, values);
    private String linearLabel;
    private String logLabel;
    private final List<Line> lines = new ArrayList<>();
    private final List<XYChart.Series<Number, Number>> series = new ArrayList<>();
    private final List<XYChart.Series<Number, Number>> fixed = new ArrayList<>();
    private final List<List<XYChart.Data<Number, Number>>> pending = new ArrayList<>();
    private final ArrayDeque<EnergySample> recent = new ArrayDeque<>();
    private final List<EnergySample> replay = new ArrayList<>();
    private int generation = Integer.MIN_VALUE;
    /** The width of the time window; in s. */
    private double window = WINDOW_SECONDS;
    private boolean log;
    private boolean forceZero = true;

    /**
     * @param id          the chart node's id
     * @param styleClass  the chart node's style class
     * @param linearLabel the value axis's label on the linear scale
     * @param logLabel    the value axis's label on the log scale
     */
    public TimeSeriesChart(String id, String styleClass, String linearLabel, String logLabel) {
        this.linearLabel = linearLabel;
        this.logLabel = logLabel;
        chart.setId(id);
        chart.setAnimated(false);
        chart.setCreateSymbols(false);
        chart.setLegendVisible(true);
        chart.getStyleClass().addAll("time-chart", styleClass);
        time.setLabel("t (s)");
        time.setTickLabelFormatter(Ticks.labels(t -> Numbers.format(t, 4)));
        time.setMinTickSpacing(TIME_TICK_SPACING_EM);
        time.setAnimated(false);
        values.setAnimated(false);
        values.setMinorTickVisible(false);
        showScale();
    }

    public LineChart<Number, Number> node() {
        return chart;
    }

    /** The series, in the order of the lines. */
    public List<XYChart.Series<Number, Number>> series() {
        return series;
    }

    /** The lines, in the order of the series. */
    public List<Line> lines() {
        return List.copyOf(lines);
    }

    /** Whether the value axis is logarithmic. */
    public boolean isLogScale() {
        return log;
    }

    /**
     * Sets the width of the time window (a lesson's step fits its run: a 1 s run fills the chart
     * rather than a tenth of it); ticks fall at round multiples of a tenth of it. Redraws.
     *
     * @param seconds the width; in s, &gt; 0 (else the usual {@value #WINDOW_SECONDS} s)
     */
    public void setWindow(double seconds) {
        double next = seconds > 0 && Double.isFinite(seconds) ? seconds : WINDOW_SECONDS;
        if (next == window) {
            return;
        }
        window = next;
        time.setTickUnit(Math.min(1, Ticks.niceUnit(window / 10)));
        if (!recent.isEmpty() || fixed.isEmpty()) {
            time.setLowerBound(0);
            time.setUpperBound(window);
            redraw();
        }
    }

    /** The width of the time window; in s. */
    public double window() {
        return window;
    }

    /** Whether the linear axis always includes 0. */
    public void setForceZeroInRange(boolean on) {
        forceZero = on;
        showScale();
    }

    /** Switches between a linear and a logarithmic value axis; redraws the window. */
    public void setLogScale(boolean on) {
        if (on != log) {
            log = on;
            showScale();
            redraw();
        }
    }

    /** Replaces the series; redraws the window. */
    public void setLines(List<Line> next) {
        if (next.equals(lines)) {
            return;
        }
        lines.clear();
        lines.addAll(next);
        series.clear();
        pending.clear();
        for (Line l : lines) {
            XYChart.Series<Number, Number> s = new XYChart.Series<>();
            s.setName(l.name());
            series.add(s);
            pending.add(new ArrayList<>());
        }
        showAll();
        redraw();
    }

    private void showAll() {
        List<XYChart.Series<Number, Number>> all = new ArrayList<>(series);
        all.addAll(fixed);
        chart.getData().setAll(all);
        for (XYChart.Series<Number, Number> f : fixed) {
            if (f.getNode() != null && !f.getData().isEmpty() && f.getData().get(0).getNode() != null) {
                f.getNode().getStyleClass().add("marks-only");
            }
        }
    }

    /**
     * Shows fixed series (or none) besides the lines, and sets the axes to hold them: t from 0 to
     * the last point (at least the window), the value axis around them on the log scale. Meant
     * for a chart that no samples feed.
     */
    public void setPoints(List<Points> points) {
        fixed.clear();
        double tMax = 0;
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (Points p : points) {
            XYChart.Series<Number, Number> s = new XYChart.Series<>();
            s.setName(p.name());
            for (int i = 0; i < p.t().length; i++) {
                double y = log ? (p.y()[i] > 0 ? Math.log10(p.y()[i]) : Double.NaN) : p.y()[i];
                if (!Double.isFinite(y) || !Double.isFinite(p.t()[i])) {
                    continue;
                }
                XYChart.Data<Number, Number> d = new XYChart.Data<>(p.t()[i], y);
                if (p.marks()) {
                    d.setNode(new javafx.scene.layout.StackPane());
                }
                s.getData().add(d);
                tMax = Math.max(tMax, p.t()[i]);
                lo = Math.min(lo, y);
                hi = Math.max(hi, y);
            }
            fixed.add(s);
        }
        showAll();
        time.setLowerBound(0);
        double unit = Ticks.niceUnit((tMax > 0 ? tMax : WINDOW_SECONDS) / 8);
        time.setTickUnit(unit);
        time.setUpperBound(tMax > 0 ? unit * Math.ceil(1.05 * tMax / unit) : WINDOW_SECONDS);
        if (log && lo <= hi) {
            spanValues(lo, hi);
        } else if (log && series.isEmpty()) {
            spanDecades(EMPTY_LOG_LOW, EMPTY_LOG_HIGH);     // nothing to show yet: the usual decades of Δt
        }
    }

    /** The decades (log₁₀ of s) a log chart that no samples feed spans before it has points: 10⁻⁴ … 1 s. */
    private static final double EMPTY_LOG_LOW = -4;
    private static final double EMPTY_LOG_HIGH = 0;

    /** The fixed series ({@link #setPoints}), in order. */
    public List<XYChart.Series<Number, Number>> points() {
        return List.copyOf(fixed);
    }

    /**
     * How far inside the log axis's ends the lowest and the highest value drawn stay at least; in
     * decades. A Δt of a power of ten (0.01 s) would otherwise lie on the axis itself, its line
     * hidden by the axis's edge.
     */
    public static final double LOG_PADDING_DECADES = 0.1;

    /**
     * The log axis over the whole decades around log₁₀ y from {@code lo} to {@code hi}, each value
     * at least {@link #LOG_PADDING_DECADES} inside the axis's ends, at most 8 ticks.
     */
    private void spanValues(double lo, double hi) {
        spanDecades(lo - LOG_PADDING_DECADES, hi + LOG_PADDING_DECADES);
    }

    /** The log axis over the whole decades around log₁₀ y from {@code lo} to {@code hi}, at most 8 ticks. */
    private void spanDecades(double lo, double hi) {
        double bottom = Math.floor(lo);
        double top = Math.max(Math.ceil(hi), bottom + 1);
        values.setLowerBound(bottom);
        values.setUpperBound(top);
        values.setTickUnit(Math.max(1, Math.ceil((top - bottom) / 8)));
    }

    private void showScale() {
        values.setLabel(log ? logLabel : linearLabel);
        values.setAutoRanging(!log);
        values.setForceZeroInRange(forceZero && !log);
        if (log) {
            values.setTickLabelFormatter(Ticks.labels(exponent -> Numbers.format(Math.pow(10, exponent), 2)));
        } else {
            // four significant digits whatever the range: the default formatter writes 1.5e-30 J
            // out as thirty decimals
            values.setTickLabelFormatter(Ticks.labels(v -> Numbers.format(v, 4)));
        }
    }


    private void redraw() {
        replay.clear();
        replay.addAll(recent);
        for (XYChart.Series<Number, Number> s : series) {
            s.getData().clear();
        }
        plot(replay);
    }

    /** Sets the axis labels (after a change of language). */
    public void setLabels(String timeLabel, String linear, String logarithmic) {
        time.setLabel(timeLabel);
        linearLabel = linear;
        logLabel = logarithmic;
        showScale();
    }

    /** A copy of the samples the chart holds (of the present generation, oldest first). */
    public List<EnergySample> samples() {
        return new ArrayList<>(recent);
    }

    /** Forgets the samples and the generation seen: the next samples start afresh, whatever their generation. */
    public void restart() {
        generation = Integer.MIN_VALUE;
        clear();
    }

    /** Empties the chart and starts the window at t = 0. */
    public void clear() {
        recent.clear();
        for (XYChart.Series<Number, Number> s : series) {
            s.getData().clear();
        }
        pending.forEach(List::clear);
        time.setLowerBound(0);
        time.setUpperBound(window);
    }

    /**
     * Adds a batch of samples (oldest first) and slides the window to the newest. Samples of an
     * older generation than the newest seen are dropped; a newer generation clears the chart.
     */
    public void add(List<EnergySample> batch) {
        if (batch.isEmpty()) {
            return;
        }
        List<EnergySample> current = batch;
        for (int i = 0; i < batch.size(); i++) {
            EnergySample e = batch.get(i);
            if (e.generation() > generation) {
                generation = e.generation();
                clear();
                current = batch.subList(i, batch.size());
            }
        }
        for (EnergySample e : current) {
            if (e.generation() == generation) {
                recent.addLast(e);
                if (recent.size() > MAX_RECENT) {
                    recent.removeFirst();
                }
            }
        }
        plot(current);
    }

    /** The time of line k's newest point, plotted or waiting to be; −∞ when it has none. */
    private double lastTime(int k) {
        List<XYChart.Data<Number, Number>> waiting = pending.get(k);
        if (!waiting.isEmpty()) {
            return waiting.get(waiting.size() - 1).getXValue().doubleValue();
        }
        ObservableList<XYChart.Data<Number, Number>> data = series.get(k).getData();
        return data.isEmpty() ? Double.NEGATIVE_INFINITY : data.get(data.size() - 1).getXValue().doubleValue();
    }

    private void plot(List<EnergySample> batch) {
        double newest = Double.NaN;
        for (EnergySample e : batch) {
            if (e.generation() != generation) {
                continue;
            }
            for (int k = 0; k < lines.size(); k++) {
                Line l = lines.get(k);
                if (l.lane() == Line.ANY_LANE ? !(e.time() > lastTime(k)) : l.lane() != e.lane()) {
                    continue;
                }
                double y = l.value().applyAsDouble(e);
                if (log) {
                    y = y > 0 ? Math.log10(y) : Double.NaN;
                }
                if (Double.isFinite(y)) {
                    pending.get(k).add(new XYChart.Data<>(e.time(), y));
                }
            }
            newest = Double.isNaN(newest) ? e.time() : Math.max(newest, e.time());
        }
        if (Double.isNaN(newest)) {
            return;
        }
        double lower = Math.max(0, newest - window);
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < series.size(); k++) {
            ObservableList<XYChart.Data<Number, Number>> data = series.get(k).getData();
            List<XYChart.Data<Number, Number>> add = pending.get(k);
            data.addAll(add);
            add.clear();
            int drop = 0;
            while (drop < data.size() - 1 && data.get(drop + 1).getXValue().doubleValue() <= lower) {
                drop++;
            }
            if (!data.isEmpty() && data.get(data.size() - 1).getXValue().doubleValue() < lower) {
                drop = data.size();     // a line that has ended (its system exploded) leaves the window whole
            }
            drop = Math.max(drop, data.size() - MAX_POINTS);
            if (drop > 0) {
                data.remove(0, drop);
            }
            for (XYChart.Data<Number, Number> d : data) {
                double y = d.getYValue().doubleValue();
                lo = Math.min(lo, y);
                hi = Math.max(hi, y);
            }
        }
        time.setLowerBound(lower);
        time.setUpperBound(Math.max(window, newest));
        if (log && lo <= hi) {
            spanValues(lo, hi);
        } else if (!log) {
            spanLinear(lo, hi);
        }
    }

    /**
     * Values all within round-off of zero (a cloth at rest before it falls: every energy 0 ± 1e-29 J)
     * would make the automatic range a span of 1e-28 with ticks to match; they are shown on ±1
     * instead, and any larger value gives the range back to the axis.
     */
    static final double ROUND_OFF = 1e-12;

    private void spanLinear(double lo, double hi) {
        boolean flat = lo <= hi && Math.max(Math.abs(lo), Math.abs(hi)) < ROUND_OFF;
        if (flat && values.isAutoRanging()) {
            values.setAutoRanging(false);
            values.setLowerBound(-1);
            values.setUpperBound(1);
            values.setTickUnit(0.5);
        } else if (!flat && !values.isAutoRanging()) {
            values.setAutoRanging(true);
        }
    }
}
