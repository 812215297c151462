package dev.hooke.cli;

import dev.hooke.core.scene.SceneFile.Key;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * The cloth's weather and material options, a picocli mixin inside {@link SceneOptions}: the wind
 * and its gust, the tear strain, self-collision and the thickness. An option left out keeps {@link SceneSpec}'s default (no
 * wind, no tearing); each applies to the scenes whose recipe takes its key (the cloth).
 */
public final class ClothWeatherOptions {

    @Option(names = "--wind", paramLabel = "X,Y,Z", converter = Vector.class,
            description = "Cloth: the wind w, in m/s, three numbers (for example 3,0,2); it presses on each triangle "
                    + "along its normal, ½ ρ C A |u| (u·n) with u the air's velocity relative to the triangle.")
    Triple wind;

    @Option(names = "--gust", paramLabel = "A", converter = Converters.FiniteDouble.class,
            description = "Cloth: the gust's relative amplitude a in [0, 1]: the wind is w (1 + a sin(2π t / T)).")
    Double gust;

    @Option(names = "--gust-period", paramLabel = "S", converter = Converters.FiniteDouble.class,
            description = "Cloth: T, the gust's period, in s.")
    Double gustPeriod;

    @Option(names = "--tear-strain", paramLabel = "S", converter = Converters.FiniteDouble.class,
            description = "Cloth: a spring breaks when its strain (l - L)/L exceeds S (0.3: a stretch of 30 per cent); 0 = never.")
    Double tearStrain;

    @Option(names = "--self-collision", description = "Cloth: its particles repel each other closer than --thickness "
            + "(found with a spatial hash, resolved after each step).")
    Boolean selfCollision;

    @Option(names = "--thickness", paramLabel = "M", converter = Converters.FiniteDouble.class,
            description = "Cloth: its thickness d, in m (default 0.01): the distance below which its particles "
                    + "repel each other.")
    Double thickness;

    /**
     * Refuses an option the scene does not take and copies the given ones into the spec (which
     * {@link SceneSpec#validate()} checks afterwards).
     */
    void applyTo(CommandSpec command, SceneType scene, SceneSpec spec) {
        onlyFor(command, scene, wind, "--wind", Key.WIND);
        onlyFor(command, scene, gust, "--gust", Key.GUST);
        onlyFor(command, scene, gustPeriod, "--gust-period", Key.GUST_PERIOD);
        onlyFor(command, scene, tearStrain, "--tear-strain", Key.TEAR_STRAIN);
        onlyFor(command, scene, selfCollision, "--self-collision", Key.SELF_COLLISION);
        onlyFor(command, scene, thickness, "--thickness", Key.THICKNESS);
        if (wind == null && (gust != null || gustPeriod != null)) {
            throw new UsageException(command.commandLine(), (gust != null ? "--gust" : "--gust-period")
                    + ": needs --wind");
        }
        if (wind != null) {
            spec.wind(wind.x(), wind.y(), wind.z());
        }
        if (gust != null) {
            spec.gust(gust);
        }
        if (gustPeriod != null) {
            spec.gustPeriod(gustPeriod);
        }
        if (tearStrain != null) {
            spec.tearStrain(tearStrain);
        }
        if (selfCollision != null) {
            spec.selfCollision(selfCollision);
        }
        if (thickness != null) {
            spec.thickness(thickness);
        }
    }

    private static void onlyFor(CommandSpec command, SceneType scene, Object given, String option, Key key) {
        if (given == null || key.appliesTo(scene)) {
            return;
        }
        String names = Arrays.stream(SceneType.values()).filter(key::appliesTo).map(SceneType::id)
                .collect(Collectors.joining(" and "));
        throw new UsageException(command.commandLine(), String.format(Locale.ROOT,
                "%s: applies to the %s scene only, not to %s", option, names, scene.id()));
    }

    /** A vector given on the command line. */
    record Triple(double x, double y, double z) {
    }

    /** Three finite numbers separated by commas: a vector. */
    static final class Vector implements ITypeConverter<Triple> {
        @Override
        public Triple convert(String value) {
            String requirement = "must be three numbers separated by commas (X,Y,Z)";
            String[] parts = value == null ? new String[0] : value.split(",", -1);
            if (parts.length != 3) {
                throw new TypeConversionException(requirement + ", got " + value);
            }
            double[] out = new double[3];
            try {
                for (int k = 0; k < 3; k++) {
                    out[k] = Converters.finite(parts[k].trim(), requirement);
                }
            } catch (TypeConversionException e) {
                throw new TypeConversionException(requirement + ", got " + value);
            }
            return new Triple(out[0], out[1], out[2]);
        }
    }
}
