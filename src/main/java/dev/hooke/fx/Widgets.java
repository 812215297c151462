package dev.hooke.fx;

import java.util.function.Function;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.util.StringConverter;

/** Small pieces the window's bars and panels share: captions, section headings, list converters, style classes. */
public final class Widgets {

    private Widgets() {
    }

    /** A caption before a control (style class {@code caption}). */
    static Label caption(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("caption");
        return l;
    }

    /** A section's heading in the side panel (style class {@code section}), as wide as the panel. */
    static Label section(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("section");
        l.setMaxWidth(Double.MAX_VALUE);
        return l;
    }

    /** Shows a list's items with {@code show}; the list is not editable. */
    public static <T> StringConverter<T> converter(Function<T, String> show) {
        return new StringConverter<>() {
            @Override
            public String toString(T value) {
                return value == null ? "" : show.apply(value);
            }

            @Override
            public T fromString(String s) {
                throw new UnsupportedOperationException("not editable");
            }
        };
    }

    /** Adds the style class {@code cls} to {@code n} or removes it. */
    public static void toggleClass(Node n, String cls, boolean on) {
        if (on && !n.getStyleClass().contains(cls)) {
            n.getStyleClass().add(cls);
        } else if (!on) {
            n.getStyleClass().remove(cls);
        }
    }
}
