package dev.hooke.core.lesson;

import dev.hooke.core.io.DataFileException;
import dev.hooke.core.io.YamlMap;
import dev.hooke.core.io.YamlValue;
import dev.hooke.core.scene.SceneFile;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The value types of a lesson file that actions and checks share: ids and run labels, run times
 * and time steps within the lesson limits, and the name of a one-key item.
 */
final class LessonValues {

    /** An id or a run label: lowercase letters, digits and dashes, at most 64. */
    static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9-]{0,63}");

    private LessonValues() {
    }

    /** s shortened to 40 characters for a message. */
    static String clip(String s) {
        return s.length() > 40 ? s.substring(0, 37) + "..." : s;
    }

    /** The single key of a one-key mapping, or the text of a scalar. */
    static String head(YamlValue v, List<String> allowed, String what) throws DataFileException {
        if (v.isScalar()) {
            return v.string();
        }
        if (!v.isMap()) {
            throw v.error("must be " + what + ": one of " + String.join(", ", allowed) + ", got " + v.describe());
        }
        YamlMap m = v.map();
        if (m.size() != 1) {
            throw v.error("must have exactly one key (one of " + String.join(", ", allowed) + "), got "
                    + (m.size() == 0 ? "none" : String.join(", ", m.keys())));
        }
        return m.keys().get(0);
    }

    /** A run time in s, at most {@link LessonReader#MAX_TIME}. */
    static double time(YamlValue v) throws DataFileException {
        double t = v.positive();
        if (t > LessonReader.MAX_TIME) {
            throw v.error("may be at most " + (long) LessonReader.MAX_TIME + " s, got " + t);
        }
        return t;
    }

    /** A time step in s, from {@link SceneFile#MIN_DT} to {@link SceneFile#MAX_DT}: the scene's own bounds. */
    static double dt(YamlValue v) throws DataFileException {
        double h = v.number();
        if (!(h >= SceneFile.MIN_DT && h <= SceneFile.MAX_DT)) {
            throw v.error(SceneFile.dtRange(h));
        }
        return h;
    }

    /** A run's label: lowercase letters, digits and dashes, like an id. */
    static String label(YamlValue v) throws DataFileException {
        String l = v.string();
        if (!ID.matcher(l).matches()) {
            throw v.error("must be lowercase letters, digits and dashes (at most 64), got '" + clip(l) + "'");
        }
        return l;
    }
}
