package dev.hooke.fx.controls;

import dev.hooke.core.scene.Range;
import dev.hooke.fx.I18n;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.DoubleProperty;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableDoubleValue;
import javafx.beans.value.WeakChangeListener;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.geometry.Pos;
import javafx.scene.chart.NumberAxis;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * A parameter of the side panel: its name and unit, an editable number field and a slider,
 * linear or logarithmic, all bound to one property of the view model. Values set with the slider
 * are rounded to three significant digits; a value typed into the field is taken as typed when
 * it is valid (even outside the slider's range), otherwise the field is marked and restored.
 *
 * <p>Marks can show values of interest along the slider (Δt's stability limits, for example);
 * each is a short bar across the track with a caption above it, hidden while its value is not a
 * finite number in the slider's range.
 *
 * <p>The slider has the id {@code <id>Slider}, the field {@code <id>Field}.
 */
public final class ParameterSlider extends VBox {

    /** Null when the range accepts {@code v}, otherwise why not, in the language in use. */
    static String problem(Range range, double v) {
        if (range.accepts(v)) {
            return null;
        }
        if (Double.isNaN(v)) {
            return I18n.text("param.notANumber");
        }
        if (v > range.max()) {
            return I18n.text("param.mustBeAtMost", Numbers.format(range.max()));
        }
        if (range.zeroToo()) {
            return I18n.text("param.mustBeZeroOrAtLeast", Numbers.format(range.min()));
        }
        return I18n.text("param.mustBeAtLeast", Numbers.format(range.min()));
    }

    private static final int SLIDER_DIGITS = 3;

    private final DoubleProperty value;
    private final Slider slider = new Slider();
    private final TextField field = new TextField();
    private final Marks marks = new Marks();
    private final StackPane track;
    private final boolean log;
    private final Range validity;
    private final String name;
    private boolean updating;
    private final ChangeListener<Number> follow = (obs, old, v) -> showValue(v.doubleValue());

    /**
     * @param id        the control's id; the slider gets {@code id + "Slider"}, the field
     *                  {@code id + "Field"}
     * @param name      what people call the parameter, with its symbol
     * @param unit      its unit, or "" when dimensionless
     * @param value     the property it edits
     * @param sliderMin the slider's smallest value
     * @param sliderMax the slider's largest value
     * @param log       whether the slider is logarithmic (then sliderMin must be &gt; 0)
     * @param validity  the values the field (and the slider) accept, the engine's bounds
     */
    public ParameterSlider(String id, String name, String unit, DoubleProperty value, double sliderMin,
                           double sliderMax, boolean log, Range validity) {
        this.value = value;
        this.log = log;
        this.validity = validity;
        this.name = name;
        setId(id);
        getStyleClass().add("parameter");

        Label title = new Label(name);
        title.getStyleClass().add("parameter-name");
        title.setMinWidth(Region.USE_PREF_SIZE);
        Label unitLabel = new Label(unit);
        unitLabel.getStyleClass().add("parameter-unit");
        unitLabel.setMinWidth(Region.USE_PREF_SIZE);
        field.setId(id + "Field");
        field.getStyleClass().add("parameter-field");
        field.setPrefColumnCount(7);
        field.setAlignment(Pos.CENTER_RIGHT);
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox head = new HBox(8, title, gap, field, unitLabel);
        head.setAlignment(Pos.CENTER_LEFT);

        slider.setId(id + "Slider");
        slider.setMin(toSlider(sliderMin));
        slider.setMax(toSlider(sliderMax));
        slider.setShowTickMarks(true);
        slider.setShowTickLabels(true);
        baseTickUnit = log ? 1 : niceStep((sliderMax - sliderMin) / 4);
        if (log) {
            slider.setMajorTickUnit(1);
            slider.setMinorTickCount(0);
            slider.setBlockIncrement(0.05);
            slider.setLabelFormatter(new StringConverter<Double>() {
                @Override
                public String toString(Double exponent) {
                    return Numbers.format(Math.pow(10, exponent), 1);
                }

                @Override
                public Double fromString(String s) {
                    return Math.log10(Numbers.parse(s));
                }
            });
        } else {
            double span = sliderMax - sliderMin;
            slider.setMajorTickUnit(baseTickUnit);
            slider.setMinorTickCount(1);
            slider.setBlockIncrement(span / 100);
        }
        // the tick labels are fitted to the slider's width and the type size whenever either changes
        slider.widthProperty().addListener(o -> fitTicks());
        slider.skinProperty().addListener(o -> fitTicks());
        marks.setMouseTransparent(true);
        track = new StackPane(slider, marks);
        track.getStyleClass().add("parameter-track");
        getChildren().addAll(head, track);

        showValue(value.get());
        // weakly: a panel built again (after a change of language) lets its old sliders go
        value.addListener(new WeakChangeListener<>(follow));
        // the keyboard, as on PhET's sliders: the arrows take small steps (the slider's own), Page Up
        // and Page Down ten of them, Home and End go to the ends
        slider.addEventHandler(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            double big = 10 * slider.getBlockIncrement();
            if (e.getCode() == javafx.scene.input.KeyCode.PAGE_UP) {
                slider.setValue(Math.min(slider.getMax(), slider.getValue() + big));
            } else if (e.getCode() == javafx.scene.input.KeyCode.PAGE_DOWN) {
                slider.setValue(Math.max(slider.getMin(), slider.getValue() - big));
            } else {
                return;
            }
            e.consume();
        });
        slider.valueProperty().addListener((obs, old, v) -> {
            if (!updating) {
                double next = Numbers.round(fromSlider(v.doubleValue()), SLIDER_DIGITS);
                if (validity.accepts(next)) {
                    updating = true;
                    try {
                        value.set(next);
                        field.setText(Numbers.format(next));
                    } finally {
                        updating = false;
                    }
                }
            }
        });
        field.setOnAction(e -> commit());
        field.focusedProperty().addListener((obs, was, focused) -> {
            if (!focused) {
                commit();
            }
        });
    }

    /** The major tick unit the slider starts with: a decade (logarithmic) or a nice quarter of its span. */
    private final double baseTickUnit;
    /** Measures the tick labels in the font the slider's axis draws them with; one per slider. */
    private final javafx.scene.text.Text tickProbe = new javafx.scene.text.Text();
    /** The slider's axis whose tick label font {@link #fitTicks} follows (null until the skin made it). */
    private NumberAxis fittedAxis;
    /** The least room between two tick labels, as a share of the labels' font size (half an em). */
    private static final double TICK_LABEL_GAP = 0.5;

    /**
     * Makes the tick labels fit: the major tick unit is the smallest whole multiple of
     * {@link #baseTickUnit} at which every two neighbouring labels (the axis puts ticks at the
     * lower bound, every unit after it and at the upper bound, each label centred on its tick) lie
     * at least {@value #TICK_LABEL_GAP} em apart, so no two labels ever run together (a narrow
     * panel, a highlight, large type). The axis does not animate its ticks: after a change of type
     * size the old labels go at once instead of fading out over the new ones. Called when the
     * slider's width or skin changes, and when the axis's tick label font does.
     */
    private void fitTicks() {
        NumberAxis axis = (NumberAxis) slider.lookup(".axis");
        if (axis == null) {
            return;
        }
        if (axis != fittedAxis) {
            fittedAxis = axis;
            axis.setAnimated(false);
            axis.tickLabelFontProperty().addListener(o -> fitTicks());
        }
        double length = slider.getWidth() - slider.snappedLeftInset() - slider.snappedRightInset();
        double min = slider.getMin();
        double span = slider.getMax() - min;
        if (!(length > 0) || !(span > 0)) {
            return;
        }
        tickProbe.setFont(axis.getTickLabelFont());
        double perValue = length / span;
        int units = (int) Math.floor(span / baseTickUnit + 1e-9);
        int k = 1;
        while (k < units && !fits(axis, k * baseTickUnit, perValue)) {
            k++;
        }
        if (slider.getMajorTickUnit() != k * baseTickUnit) {
            slider.setMajorTickUnit(k * baseTickUnit);
        }
    }

    /** Whether the tick labels at major unit {@code unit} keep their gap, {@code perValue} px per slider unit. */
    private boolean fits(NumberAxis axis, double unit, double perValue) {
        double min = slider.getMin();
        double max = slider.getMax();
        double lastAt = Double.NaN;
        double lastHalf = 0;
        for (int i = 0; ; i++) {
            double v = Math.min(min + i * unit, max);
            boolean end = v >= max - 1e-9 * (max - min);
            if (end) {
                v = max;
            }
            double half = labelWidth(axis, v) / 2;
            double at = (v - min) * perValue;
            if (!Double.isNaN(lastAt) && at - lastAt < lastHalf + half + TICK_LABEL_GAP * tickProbe.getFont().getSize()) {
                return false;
            }
            lastAt = at;
            lastHalf = half;
            if (end) {
                return true;
            }
        }
    }

    /** The width of the tick label at {@code v} (a slider value) in the axis's font; in px. */
    private double labelWidth(NumberAxis axis, double v) {
        StringConverter<Double> format = slider.getLabelFormatter();
        tickProbe.setText(format != null ? format.toString(v)
                : axis.getTickLabelFormatter() != null ? axis.getTickLabelFormatter().toString(v) : Numbers.format(v));
        return tickProbe.getLayoutBounds().getWidth();
    }

    private static double niceStep(double raw) {
        double exp = Math.pow(10, Math.floor(Math.log10(raw)));
        double f = raw / exp;
        double nice = f < 1.5 ? 1 : f < 3.5 ? 2.5 : f < 7.5 ? 5 : 10;
        return nice * exp;
    }

    private double toSlider(double v) {
        return log ? Math.log10(v) : v;
    }

    private double fromSlider(double s) {
        return log ? Math.pow(10, s) : s;
    }

    private void showValue(double v) {
        if (updating) {
            return;
        }
        updating = true;
        try {
            double s = toSlider(v);
            slider.setValue(Double.isFinite(s) ? Math.max(slider.getMin(), Math.min(slider.getMax(), s)) : slider.getMin());
            field.setText(Numbers.format(v));
            markValid(null);
        } finally {
            updating = false;
        }
    }

    /**
     * Takes the field's text as the new value, or marks the field and restores it. A field that
     * still shows the value as it was written (rounded to its shown digits) leaves the value as it
     * is: a field losing the focus, as when the panel is built again in another language, must not
     * round what was typed before.
     */
    private void commit() {
        if (field.getText().equals(Numbers.format(value.get()))) {
            markValid(null);
            return;
        }
        String problem;
        double typed = Double.NaN;
        try {
            typed = Numbers.parse(field.getText());
            problem = problem(validity, typed);
        } catch (NumberFormatException e) {
            problem = I18n.text("param.notANumber");
        }
        if (problem != null) {
            markValid(I18n.text("param.problem", name, problem));
            field.setText(Numbers.format(value.get()));
            return;
        }
        markValid(null);
        if (typed != value.get()) {
            value.set(typed);
        } else {
            field.setText(Numbers.format(typed));
        }
    }

    private void markValid(String problem) {
        field.getStyleClass().remove("invalid");
        if (problem == null) {
            field.setTooltip(null);
        } else {
            field.getStyleClass().add("invalid");
            field.setTooltip(new Tooltip(problem));
        }
    }

    public Slider slider() {
        return slider;
    }

    public TextField field() {
        return field;
    }

    /**
     * Adds a mark at a value that may change.
     *
     * @param id         the mark's id
     * @param caption    the text above the mark
     * @param styleClass the style class of the bar and the caption
     * @param at         where the mark goes (in the parameter's units)
     */
    public void addMark(String id, String caption, String styleClass, ObservableDoubleValue at) {
        Region bar = new Region();
        bar.getStyleClass().addAll("slider-mark", styleClass);
        bar.setId(id);
        Label text = new Label(caption);
        text.getStyleClass().addAll("slider-mark-caption", styleClass);
        text.setId(id + "Caption");
        marks.add(new Mark(bar, text, at));
        // room above the track for the captions, in em (hooke.css) so that large type has it too
        if (!track.getStyleClass().contains("marked")) {
            track.getStyleClass().add("marked");
        }
        at.addListener(o -> marks.requestLayout());
    }

    /**
     * The value the mark with {@code id} is drawn at (in the parameter's units), or NaN when
     * there is no such mark.
     */
    public double markValue(String id) {
        for (Mark m : marks.list) {
            if (id.equals(m.bar().getId())) {
                return m.at().get();
            }
        }
        return Double.NaN;
    }

    private record Mark(Region bar, Label caption, ObservableDoubleValue at) {
    }

    /** The room left between two captions side by side; in px. */
    private static final double CAPTION_GAP = 4;

    /**
     * Moves the captions (left edges {@code x}, widths {@code w}, in the order of their marks) as
     * little as needed so that they lie in [0, width] without covering one another: two marks of
     * close values (Δt's limit and the naive bound) would otherwise write one caption over the
     * other. Each is pushed right past the one before it, then those past the right end are pulled
     * back left; when all of them are wider than the track together, the first ones start at 0.
     */
    static void separate(double[] x, double[] w, double width) {
        for (int i = 0; i < x.length; i++) {
            double min = i == 0 ? 0 : x[i - 1] + w[i - 1] + CAPTION_GAP;
            x[i] = Math.max(x[i], min);
        }
        for (int i = x.length - 1; i >= 0; i--) {
            double max = i == x.length - 1 ? width - w[i] : x[i + 1] - CAPTION_GAP - w[i];
            x[i] = Math.max(0, Math.min(x[i], max));
        }
    }

    /** Lays the marks over the slider, where the slider's own axis puts their values. */
    private final class Marks extends Pane {
        private final List<Mark> list = new ArrayList<>();

        void add(Mark m) {
            list.add(m);
            m.bar().setManaged(false);
            m.caption().setManaged(false);
            getChildren().addAll(m.bar(), m.caption());
        }

        @Override
        protected void layoutChildren() {
            NumberAxis axis = (NumberAxis) slider.lookup(".axis");
            Region trackNode = (Region) slider.lookup(".track");
            List<Mark> shown = new ArrayList<>();
            for (Mark m : list) {
                double v = toSlider(m.at().get());
                boolean show = axis != null && trackNode != null && Double.isFinite(v)
                        && v >= slider.getMin() && v <= slider.getMax();
                m.bar().setVisible(show);
                m.caption().setVisible(show);
                if (show) {
                    shown.add(m);
                }
            }
            // the smallest value's caption goes to the left of its bar, the others' to the right
            shown.sort((p, q) -> Double.compare(p.at().get(), q.at().get()));
            double[] cx = new double[shown.size()];
            double[] cw = new double[shown.size()];
            double top = 0;
            for (int i = 0; i < shown.size(); i++) {
                Mark m = shown.get(i);
                double v = toSlider(m.at().get());
                Point2D onAxis = sceneToLocal(axis.localToScene(axis.getDisplayPosition(v), 0));
                Bounds trackBounds = sceneToLocal(trackNode.localToScene(trackNode.getLayoutBounds()));
                double x = onAxis.getX();
                double trackMid = trackBounds.getCenterY();
                double w = 4;
                double h = 18;
                m.bar().resizeRelocate(snapPositionX(x - w / 2), snapPositionY(trackMid - h / 2), w, h);
                cw[i] = m.caption().prefWidth(-1);
                cx[i] = i == 0 && shown.size() > 1 ? x - cw[i] - 1 : x + 1;
                top = trackMid - h / 2;
            }
            separate(cx, cw, getWidth());
            for (int i = 0; i < shown.size(); i++) {
                Label caption = shown.get(i).caption();
                double ch = caption.prefHeight(-1);
                caption.resizeRelocate(snapPositionX(cx[i]), snapPositionY(top - ch), cw[i], ch);
            }
        }
    }
}
