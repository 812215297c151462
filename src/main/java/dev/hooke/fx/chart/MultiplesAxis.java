package dev.hooke.fx.chart;

import dev.hooke.fx.controls.Numbers;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.scene.chart.ValueAxis;

/**
 * A linear axis whose major ticks are the multiples of its tick unit inside its bounds, whatever
 * the bounds are. {@link javafx.scene.chart.NumberAxis} starts its ticks at the lower bound
 * (lower, lower + unit, …): with bounds set for equal scales across and up rather than to round
 * numbers, as the phase portrait's are, none of its ticks fell on a round number and no tick was
 * labelled. Labels are written by {@link Numbers#format}. No minor ticks; the range is set, never
 * found from the data.
 */
final class MultiplesAxis extends ValueAxis<Number> {

    /** More ticks than this are not made (a unit far too small for the bounds). */
    static final int MAX_TICKS = 200;

    private final DoubleProperty tickUnit = new SimpleDoubleProperty(this, "tickUnit", 1) {
        @Override
        protected void invalidated() {
            invalidateRange();
            requestAxisLayout();
        }
    };

    /**
     * @param lower the lower bound
     * @param upper the upper bound
     * @param unit  the distance between ticks, &gt; 0
     */
    MultiplesAxis(double lower, double upper, double unit) {
        super(lower, upper);
        setTickUnit(unit);
        setAutoRanging(false);
        setMinorTickVisible(false);
    }

    double getTickUnit() {
        return tickUnit.get();
    }

    void setTickUnit(double unit) {
        tickUnit.set(unit);
    }

    @Override
    protected Object getRange() {
        return new double[] {getLowerBound(), getUpperBound(), getTickUnit(), getScale()};
    }

    @Override
    protected void setRange(Object range, boolean animate) {
        double[] r = (double[]) range;
        setLowerBound(r[0]);
        setUpperBound(r[1]);
        setTickUnit(r[2]);
        currentLowerBound.set(r[0]);
        setScale(r[3]);
    }

    @Override
    protected List<Number> calculateTickValues(double length, Object range) {
        double[] r = (double[]) range;
        return multiples(r[0], r[1], r[2]);
    }

    /** The multiples k·unit in [lower, upper], at most {@link #MAX_TICKS}; none for a unit that is not &gt; 0. */
    static List<Number> multiples(double lower, double upper, double unit) {
        List<Number> ticks = new ArrayList<>();
        if (!(unit > 0) || !(upper >= lower) || (upper - lower) / unit > MAX_TICKS) {
            return ticks;
        }
        for (long k = (long) Math.ceil(lower / unit - 1e-9); k * unit <= upper + 1e-9 * unit; k++) {
            ticks.add(k * unit);
        }
        return ticks;
    }

    @Override
    protected List<Number> calculateMinorTickMarks() {
        return List.of();
    }

    @Override
    protected String getTickMarkLabel(Number value) {
        return getTickLabelFormatter() != null ? getTickLabelFormatter().toString(value) : Numbers.format(value.doubleValue());
    }
}
