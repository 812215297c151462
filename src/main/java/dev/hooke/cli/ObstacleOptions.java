package dev.hooke.cli;

import dev.hooke.core.scene.ObstacleKind;
import dev.hooke.core.scene.ObstacleSpec;
import dev.hooke.core.scene.SceneSpec;
import java.util.Arrays;
import java.util.Iterator;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * The obstacle options, part of {@link SceneOptions}: a sphere in any scene ({@link ObstacleSpec}),
 * fixed or moving on a horizontal circle. Its friction is the scene's {@code --friction}.
 */
public final class ObstacleOptions {

    @Option(names = "--obstacle", paramLabel = "KIND", converter = Kind.class, completionCandidates = KindIds.class,
            description = "An obstacle in the scene: ${COMPLETION-CANDIDATES} (default: none). The sphere's friction "
                    + "is --friction; the cloth meets it at half its thickness (1 cm) from its surface.")
    ObstacleKind kind;

    @Option(names = "--sphere-center", paramLabel = "X,Y,Z", converter = Numbers3.class,
            description = "The sphere's centre, in m (default: 0,-0.8,0.5, under the middle of the flat cloth).")
    Values center;

    @Option(names = "--sphere-radius", paramLabel = "R", converter = Converters.FiniteDouble.class,
            description = "The sphere's radius, in m (default: 0.3).")
    Double radius;

    @Option(names = "--sphere-orbit", paramLabel = "RADIUS,PERIOD", converter = Numbers2.class,
            description = "Moves the sphere's centre on a horizontal circle through --sphere-center, of this radius "
                    + "in m, once every PERIOD s, starting along +x (default: 0,4, fixed).")
    Values orbit;

    /**
     * Sets the obstacle of {@code spec} from the options given.
     *
     * @throws UsageException when a sphere option is given without {@code --obstacle sphere}
     */
    void applyTo(CommandSpec command, SceneSpec spec) {
        ObstacleKind k = kind == null ? ObstacleKind.NONE : kind;
        if (k != ObstacleKind.SPHERE) {
            needsSphere(command, center, "--sphere-center");
            needsSphere(command, radius, "--sphere-radius");
            needsSphere(command, orbit, "--sphere-orbit");
        }
        ObstacleSpec o = spec.obstacle().withKind(k);
        if (center != null) {
            o = o.withCenter(center.at(0), center.at(1), center.at(2));
        }
        if (radius != null) {
            o = o.withRadius(radius);
        }
        if (orbit != null) {
            o = o.withOrbit(orbit.at(0), orbit.at(1));
        }
        spec.obstacle(o);
    }

    private static void needsSphere(CommandSpec command, Object given, String option) {
        if (given != null) {
            throw new UsageException(command.commandLine(), option + ": needs --obstacle sphere");
        }
    }

    /** Comma-separated finite numbers, exactly {@code count} of them. */
    static double[] numbers(String text, int count, String what) {
        String requirement = "must be " + what + ", " + count + " numbers separated by commas";
        if (text == null) {
            throw new TypeConversionException(requirement + ", got " + text);
        }
        String[] parts = text.split(",", -1);
        if (parts.length != count) {
            throw new TypeConversionException(requirement + ", got " + text);
        }
        double[] out = new double[count];
        for (int i = 0; i < count; i++) {
            out[i] = Converters.finite(parts[i].trim(), requirement);
        }
        return out;
    }

    /** Numbers given as one option value (picocli would split an array into several values). */
    record Values(double[] values) {
        /** The i-th number. */
        double at(int i) {
            return values[i];
        }
    }

    /** X,Y,Z. */
    static final class Numbers3 implements ITypeConverter<Values> {
        @Override
        public Values convert(String value) {
            return new Values(numbers(value, 3, "X,Y,Z"));
        }
    }

    /** RADIUS,PERIOD. */
    static final class Numbers2 implements ITypeConverter<Values> {
        @Override
        public Values convert(String value) {
            return new Values(numbers(value, 2, "RADIUS,PERIOD"));
        }
    }

    /** An obstacle by its id. */
    static final class Kind implements ITypeConverter<ObstacleKind> {
        @Override
        public ObstacleKind convert(String value) {
            try {
                return ObstacleKind.fromId(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** The obstacle ids, for help texts. */
    static final class KindIds implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(ObstacleKind.values()).map(ObstacleKind::id).iterator();
        }
    }
}
