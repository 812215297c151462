package dev.hooke.core.lesson;

import java.util.Locale;
import java.util.Objects;

/**
 * A text in English and Simplified Chinese.
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
}
