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

    /** The least distance between two ticks, in ems of the tick labels' font; 0: the unit is kept as set. */
    private double minSpacingEm;

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

    /**
     * Keeps ticks at least {@code em} ems of the tick labels' font apart: where the set unit
     * would put them closer (a narrow chart, large type), the next round unit (1, 2 or 5 × 10ⁿ)
     * that leaves room is used instead. 0 keeps the set unit whatever the length.
     */
    void setMinTickSpacing(double em) {
        minSpacingEm = em;
        invalidateRange();
        requestAxisLayout();
    }

    /** The unit the ticks of an axis {@code length} px long take: the set unit, or a larger round one that leaves room. */
    double unitFor(double length, double lower, double upper, double unit) {
        return unitFor(length, getTickLabelFont().getSize(), minSpacingEm, lower, upper, unit);
    }

    /**
     * The unit of ticks at least {@code spacingEm} ems of a {@code fontSize} px font apart on an
     * axis {@code length} px long from {@code lower} to {@code upper}: {@code unit}, or the least
     * round unit (1, 2 or 5 × 10ⁿ) above it that leaves that room; {@code unit} when
     * {@code spacingEm} is 0.
     */
    static double unitFor(double length, double fontSize, double spacingEm, double lower, double upper, double unit) {
        if (!(spacingEm > 0) || !(length > 0) || !(fontSize > 0) || !(upper > lower)) {
            return unit;
        }
        double most = Math.max(1, Math.floor(length / (spacingEm * fontSize)));
        return Math.max(unit, Ticks.niceUnit((upper - lower) / most));
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
        return multiples(r[0], r[1], unitFor(length, r[0], r[1], r[2]));
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
