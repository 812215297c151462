package dev.hooke.core.lesson;

import java.util.Locale;
import java.util.Objects;

/**
 * A text in English and Simplified Chinese: a lesson's narration, or what the runner reports
 * (a check's name, what it expects, what the engine measured).
 *
 * @param en the English text
 * @param zh the Simplified Chinese text
 */
public record Text(String en, String zh) {

    public Text {
        Objects.requireNonNull(en, "en");
        Objects.requireNonNull(zh, "zh");
    }

    /** The Chinese text for a Chinese locale, the English text otherwise. */
    public String get(Locale locale) {
        return locale != null && "zh".equals(locale.getLanguage()) ? zh : en;
    }

    /** A text that reads the same in both languages: a formula, a number, a file name. */
    public static Text same(String s) {
        return new Text(s, s);
    }

    /**
     * The two patterns ({@link String#format}, {@link Locale#ROOT}) filled with the same
     * arguments. An argument that is a {@code Text} puts its English into the English pattern and
     * its Chinese into the Chinese one; any other argument is turned into a string once and goes
     * into both, so numbers read the same in either language. Patterns may use positional
     * arguments ({@code %2$s}) where Chinese word order differs.
     */
    public static Text format(String en, String zh, Object... args) {
        Object[] a = new Object[args.length];
        Object[] b = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
            if (args[i] instanceof Text t) {
                a[i] = t.en;
                b[i] = t.zh;
            } else {
                String s = String.valueOf(args[i]);
                a[i] = s;
                b[i] = s;
            }
        }
        return new Text(String.format(Locale.ROOT, en, a), String.format(Locale.ROOT, zh, b));
    }

    /** This text followed by {@code other}, in each language. */
    public Text plus(Text other) {
        return new Text(en + other.en, zh + other.zh);
    }
}
