package dev.hooke.fx.chart;

import dev.hooke.fx.I18n;
import dev.hooke.fx.sim.EnergySample;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import javafx.collections.ObservableList;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;

/**
 * The live energy chart: kinetic K, elastic U_el, gravitational U_g, total E = K + U_el + U_g and
 * dissipated W_d against simulated time, over a sliding window of {@value #WINDOW_SECONDS} s.
 * Samples arrive in batches, once per frame; each series keeps at most {@value #MAX_POINTS}
 * points. Samples that are not finite (the moment of an explosion) are left out.
 */
public final class EnergyChart {

    /** The width of the time window; in s. */
    public static final double WINDOW_SECONDS = 10;
    /** The most points a series keeps. */
    public static final int MAX_POINTS = 600;

    /** The series' keys in the bundle ({@code chart.<name>}), in the order of {@link #series()}. */
    public static final List<String> NAMES = List.of("kinetic", "elastic", "gravitational", "total", "dissipated");

    private static final List<ToDoubleFunction<EnergySample>> VALUES = List.of(
            EnergySample::kinetic, EnergySample::elastic, EnergySample::gravitational, EnergySample::total,
            EnergySample::dissipated);

    private final NumberAxis time = new NumberAxis(0, WINDOW_SECONDS, 1);
    private final NumberAxis energy = new NumberAxis();
    private final LineChart<Number, Number> chart = new LineChart<>(time, energy);
    private final List<XYChart.Series<Number, Number>> series = new ArrayList<>();
    private final List<List<XYChart.Data<Number, Number>>> pending = new ArrayList<>();
    private int generation = Integer.MIN_VALUE;

    public EnergyChart() {
        chart.setId("energyChart");
        chart.setAnimated(false);
        chart.setCreateSymbols(false);
        chart.setLegendVisible(true);
        chart.getStyleClass().add("energy-chart");

        time.setAutoRanging(false);
        time.setMinorTickVisible(false);
        // the window slides smoothly, so ticks fall between whole seconds: one decimal is honest
        time.setTickLabelFormatter(new NumberAxis.DefaultFormatter(time) {
            @Override
            public String toString(Number t) {
                return String.format(java.util.Locale.ROOT, "%.1f", t.doubleValue());
            }
        });
        time.setAnimated(false);

        energy.setAutoRanging(true);
        energy.setForceZeroInRange(true);
        energy.setAnimated(false);
        for (int k = 0; k < NAMES.size(); k++) {
            series.add(new XYChart.Series<>());
            pending.add(new ArrayList<>());
        }
        localize();
        chart.getData().addAll(series);
    }

    /** Writes the axis labels and the series' names in the language in use. */
    public void localize() {
        time.setLabel(I18n.text("chart.time"));
        energy.setLabel(I18n.text("chart.energy"));
        for (int k = 0; k < NAMES.size(); k++) {
            series.get(k).setName(I18n.text("chart." + NAMES.get(k)));
        }
    }

    /** Forgets the samples and the generation seen: the next samples start afresh, whatever their generation. */
    public void restart() {
        generation = Integer.MIN_VALUE;
        pending.forEach(List::clear);
        clear();
    }

    public LineChart<Number, Number> node() {
        return chart;
    }

    /** The series: kinetic, elastic, gravitational, total, dissipated. */
    public List<XYChart.Series<Number, Number>> series() {
        return series;
    }

    /** Empties the chart and starts the window at t = 0. */
    public void clear() {
        for (XYChart.Series<Number, Number> s : series) {
            s.getData().clear();
        }
        time.setLowerBound(0);
        time.setUpperBound(WINDOW_SECONDS);
    }

    /**
     * Adds a batch of samples (oldest first) and slides the window to the newest. Samples of an
     * older generation than the newest seen are dropped; a newer generation clears the chart.
     */
    public void add(List<EnergySample> batch) {
        if (batch.isEmpty()) {
            return;
        }
        double newest = Double.NaN;
        for (EnergySample e : batch) {
            if (e.generation() > generation) {
                generation = e.generation();
                clear();
                pending.forEach(List::clear);
            } else if (e.generation() < generation) {
                continue;
            }
            boolean finite = true;
            for (ToDoubleFunction<EnergySample> f : VALUES) {
                finite &= Double.isFinite(f.applyAsDouble(e));
            }
            if (!finite) {
                continue;
            }
            for (int k = 0; k < VALUES.size(); k++) {
                pending.get(k).add(new XYChart.Data<>(e.time(), VALUES.get(k).applyAsDouble(e)));
            }
            newest = e.time();
        }
        if (Double.isNaN(newest)) {
            return;
        }
        double lower = Math.max(0, newest - WINDOW_SECONDS);
        for (int k = 0; k < series.size(); k++) {
            ObservableList<XYChart.Data<Number, Number>> data = series.get(k).getData();
            List<XYChart.Data<Number, Number>> add = pending.get(k);
            data.addAll(add);
            add.clear();
            int drop = 0;
            while (drop < data.size() - 1 && data.get(drop + 1).getXValue().doubleValue() <= lower) {
                drop++;
            }
            drop = Math.max(drop, data.size() - MAX_POINTS);
            if (drop > 0) {
                data.remove(0, drop);
            }
        }
        time.setLowerBound(lower);
        time.setUpperBound(Math.max(WINDOW_SECONDS, newest));
    }
}
