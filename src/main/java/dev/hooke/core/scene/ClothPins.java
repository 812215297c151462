package dev.hooke.core.scene;

import java.util.Locale;

/** Which particles of a cloth are pinned. */
public enum ClothPins {
    /** The two top corners (the default). */
    CORNERS,
    /** The whole top edge. */
    TOP,
    /** None: the cloth falls freely. */
    NONE;

    /** The lowercase name used on the command line and in files. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The pin layout named {@code id}. */
    public static ClothPins fromId(String id) {
        String want = id == null ? "" : id.trim().toLowerCase(Locale.ROOT);
        for (ClothPins p : values()) {
            if (p.id().equals(want)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown cloth pins '" + id + "'; choose one of corners, top, none");
    }
}
