package dev.hooke.core.scene;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The built-in scenes. */
public enum SceneType {
    /** One free particle hanging from a pinned anchor by one spring of rest length 1 m. */
    SPRING("spring"),
    /** The GAMES101 rope: N nodes on a line, node 0 pinned, a spring between neighbours. */
    CHAIN("chain"),
    /** An n×n grid with structural, shear and bend springs. */
    CLOTH("cloth"),
    /** An n×n×n soft lattice dropped onto a ground plane. */
    CUBE("cube");

    private final String id;

    SceneType(String id) {
        this.id = id;
    }

    /** The name on the command line and in files. */
    public String id() {
        return id;
    }

    /** The scene named {@code id}; the message names the valid choices otherwise. */
    public static SceneType fromId(String id) {
        String want = id == null ? "" : id.trim().toLowerCase(Locale.ROOT);
        for (SceneType t : values()) {
            if (t.id.equals(want)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown scene '" + id + "'; choose one of "
                + Arrays.stream(values()).map(SceneType::id).collect(Collectors.joining(", ")));
    }

    @Override
    public String toString() {
        return id;
    }
}
