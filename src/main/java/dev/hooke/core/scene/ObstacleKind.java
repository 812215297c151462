package dev.hooke.core.scene;

import java.util.Locale;

/** The obstacle a scene adds besides its own ground: none, or a sphere. */
public enum ObstacleKind {
    /** No obstacle (the default). */
    NONE,
    /** A sphere, fixed or moving on a circle. */
    SPHERE;

    /** The lowercase name used on the command line and in files. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The obstacle named {@code id}. */
    public static ObstacleKind fromId(String id) {
        String want = id == null ? "" : id.trim().toLowerCase(Locale.ROOT);
        for (ObstacleKind k : values()) {
            if (k.id().equals(want)) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown obstacle '" + id + "'; choose one of none, sphere");
    }
}
