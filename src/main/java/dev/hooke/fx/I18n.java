package dev.hooke.fx;

import java.text.MessageFormat;
import java.util.Locale;
import java.util.MissingResourceException;
import java.util.Objects;
import java.util.ResourceBundle;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The workbench's user-visible strings, in English and Simplified Chinese, from the resource
 * bundles {@code dev/hooke/fx/i18n/messages*.properties}. The language follows the system locale
 * at start-up and can be switched in the app through {@link #localeProperty()}; views that must
 * follow a switch listen to it.
 */
public final class I18n {

    /** The bundle's base name. */
    public static final String BUNDLE = "dev.hooke.fx.i18n.messages";

    /** The languages offered. */
    public static final Locale ENGLISH = Locale.ENGLISH;
    /** Simplified Chinese. */
    public static final Locale CHINESE = Locale.SIMPLIFIED_CHINESE;

    /** English must not fall back to the system locale's bundle (Chinese on a Chinese system). */
    private static final ResourceBundle.Control NO_FALLBACK =
            ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES);

    private static final ObjectProperty<Locale> LOCALE = new SimpleObjectProperty<>(initial());

    private I18n() {
    }

    private static Locale initial() {
        Locale system = Locale.getDefault();
        return "zh".equals(system.getLanguage()) ? CHINESE : ENGLISH;
    }

    /** The language in use; set it to switch. */
    public static ObjectProperty<Locale> localeProperty() {
        return LOCALE;
    }

    /** The language in use. */
    public static Locale locale() {
        return LOCALE.get();
    }

    /** Switches the language. */
    public static void setLocale(Locale locale) {
        LOCALE.set(Objects.requireNonNull(locale));
    }

    /**
     * The text for {@code key} in the language in use, with {@link MessageFormat} arguments
     * filled in; the key itself (in brackets) when it is missing, so that a gap shows instead of
     * crashing.
     */
    public static String text(String key, Object... args) {
        String pattern;
        try {
            pattern = ResourceBundle.getBundle(BUNDLE, LOCALE.get(), NO_FALLBACK).getString(key);
        } catch (MissingResourceException e) {
            return "[" + key + "]";
        }
        return args.length == 0 ? pattern : new MessageFormat(pattern, LOCALE.get()).format(args);
    }
}
