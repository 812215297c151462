package dev.hooke.fx.controls;

import javafx.beans.property.DoubleProperty;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * A parameter of the side panel: its name and unit, an editable number field and a slider,
 * linear or logarithmic, all bound to one property of the view model. Values set with the slider
 * are rounded to three significant digits; a value typed into the field is taken as typed when
 * it is valid (even outside the slider's range), otherwise the field is marked and restored.
 *
 * <p>The slider has the id {@code <id>Slider}, the field {@code <id>Field}.
 */
public final class ParameterSlider extends VBox {

    /**
     * Which values a parameter accepts.
     *
     * @param min          the smallest value
     * @param minExclusive whether {@code min} itself is refused
     * @param max          the largest value
     */
    public record Validity(double min, boolean minExclusive, double max) {

        /** Values &gt; 0 up to max. */
        public static Validity positive(double max) {
            return new Validity(0, true, max);
        }

        /** Values ≥ 0 up to max. */
        public static Validity nonNegative(double max) {
            return new Validity(0, false, max);
        }

        /** Null when v is accepted, otherwise why not. */
        String check(double v) {
            if (minExclusive ? !(v > min) : !(v >= min)) {
                return "must be " + (minExclusive ? "> " : "≥ ") + Numbers.format(min);
            }
            if (!(v <= max)) {
                return "must be ≤ " + Numbers.format(max);
            }
            return null;
        }
    }

    private static final int SLIDER_DIGITS = 3;

    private final DoubleProperty value;
    private final Slider slider = new Slider();
    private final TextField field = new TextField();
    private final boolean log;
    private final Validity validity;
    private final String name;
    private boolean updating;

    /**
     * @param id        the control's id; the slider gets {@code id + "Slider"}, the field
     *                  {@code id + "Field"}
     * @param name      what people call the parameter, with its symbol
     * @param unit      its unit, or "" when dimensionless
     * @param value     the property it edits
     * @param sliderMin the slider's smallest value
     * @param sliderMax the slider's largest value
     * @param log       whether the slider is logarithmic (then sliderMin must be &gt; 0)
     * @param validity  the values the field accepts
     */
    public ParameterSlider(String id, String name, String unit, DoubleProperty value, double sliderMin,
                           double sliderMax, boolean log, Validity validity) {
        this.value = value;
        this.log = log;
        this.validity = validity;
        this.name = name;
        setId(id);
        getStyleClass().add("parameter");

        Label title = new Label(name);
        title.getStyleClass().add("parameter-name");
        Label unitLabel = new Label(unit);
        unitLabel.getStyleClass().add("parameter-unit");
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
            slider.setMajorTickUnit(niceStep(span / 4));
            slider.setMinorTickCount(1);
            slider.setBlockIncrement(span / 100);
        }
        getChildren().addAll(head, slider);

        showValue(value.get());
        value.addListener((obs, old, v) -> showValue(v.doubleValue()));
        slider.valueProperty().addListener((obs, old, v) -> {
            if (!updating) {
                double next = Numbers.round(fromSlider(v.doubleValue()), SLIDER_DIGITS);
                if (validity.check(next) == null) {
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

    /** Takes the field's text as the new value, or marks the field and restores it. */
    private void commit() {
        String problem;
        double typed = Double.NaN;
        try {
            typed = Numbers.parse(field.getText());
            problem = validity.check(typed);
        } catch (NumberFormatException e) {
            problem = "must be a number";
        }
        if (problem != null) {
            markValid(name + " " + problem);
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
}
