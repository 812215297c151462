package dev.hooke.cli;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.ClothPins;
import dev.hooke.core.scene.Perturbation;
import dev.hooke.core.scene.SceneType;
import java.util.Arrays;
import java.util.Iterator;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * picocli converters for the option values of the command line. Each rejects a bad value with a
 * message that reads after the option's name, for example {@code must be a finite number > 0, got -1};
 * the parameter exception handler of {@link HookeCli} puts the two together on one line.
 */
final class Converters {

    /** A decimal number: no hexadecimal, no type suffix ({@code 1d}), no surrounding blanks. */
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
    /** A whole number. */
    private static final Pattern WHOLE = Pattern.compile("[+-]?\\d+");

    private Converters() {
    }

    /** Parses a decimal number; NaN and the infinities are refused (NaN means "default" in a spec). */
    static double finite(String text, String requirement) {
        if (text == null || !DECIMAL.matcher(text).matches()) {
            throw new TypeConversionException(requirement + ", got " + text);
        }
        double value = Double.parseDouble(text);
        if (!Double.isFinite(value)) {
            throw new TypeConversionException(requirement + ", got " + text);
        }
        return value;
    }

    /** Parses a whole number in [min, {@link Integer#MAX_VALUE}]. */
    static int whole(String text, int min) {
        String requirement = "must be a whole number >= " + min;
        if (text == null || !WHOLE.matcher(text).matches()) {
            throw new TypeConversionException(requirement + ", got " + text);
        }
        long value;
        try {
            value = Long.parseLong(text);
        } catch (NumberFormatException e) {
            value = text.startsWith("-") ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        if (value < min) {
            throw new TypeConversionException(requirement + ", got " + text);
        }
        if (value > Integer.MAX_VALUE) {
            throw new TypeConversionException("must be a whole number <= " + Integer.MAX_VALUE + ", got " + text);
        }
        return (int) value;
    }

    /** Any finite number. */
    static final class FiniteDouble implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            return finite(value, "must be a finite number");
        }
    }

    /** A finite number &gt; 0. */
    static final class PositiveDouble implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            double d = finite(value, "must be a finite number > 0");
            if (!(d > 0)) {
                throw new TypeConversionException("must be a finite number > 0, got " + value);
            }
            return d;
        }
    }

    /**
     * A time step: a number from {@link dev.hooke.core.scene.SceneFile#MIN_DT} to
     * {@link dev.hooke.core.scene.SceneFile#MAX_DT} s, the range the workbench and scene files take.
     */
    static final class TimeStep implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            String range = "must be a number of seconds from " + Numbers.num(dev.hooke.core.scene.SceneFile.MIN_DT)
                    + " to " + Numbers.num(dev.hooke.core.scene.SceneFile.MAX_DT);
            double d = finite(value, range);
            if (!(d >= dev.hooke.core.scene.SceneFile.MIN_DT && d <= dev.hooke.core.scene.SceneFile.MAX_DT)) {
                throw new TypeConversionException(range + ", got " + value);
            }
            return d;
        }
    }

    /** A finite number in [0, 1): Verlet's damping factor δ. */
    static final class UnitInterval implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            double d = finite(value, "must be a number in [0, 1)");
            if (!(d >= 0 && d < 1)) {
                throw new TypeConversionException("must be a number in [0, 1), got " + value);
            }
            return d;
        }
    }

    /**
     * A whole number, range left to the scene's own check (for {@code --nodes} and {@code --size},
     * whose smallest value {@link dev.hooke.core.scene.SceneSpec#validate()} states).
     */
    static final class AnyCount implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            if (value == null || !WHOLE.matcher(value).matches()) {
                throw new TypeConversionException("must be a whole number, got " + value);
            }
            try {
                return Integer.parseInt(value);
            } catch (NumberFormatException e) {
                throw new TypeConversionException("must be a whole number <= " + Integer.MAX_VALUE + ", got " + value);
            }
        }
    }

    /** A whole number &gt;= 0. */
    static final class NonNegativeInt implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return whole(value, 0);
        }
    }

    /** A whole number &gt;= 1. */
    static final class PositiveInt implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return whole(value, 1);
        }
    }

    /** A 64-bit whole number (a random seed). */
    static final class Seed implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            if (value == null || !WHOLE.matcher(value).matches()) {
                throw new TypeConversionException("must be a whole number, got " + value);
            }
            try {
                return Long.parseLong(value);
            } catch (NumberFormatException e) {
                throw new TypeConversionException("must be a whole number between " + Long.MIN_VALUE
                        + " and " + Long.MAX_VALUE + ", got " + value);
            }
        }
    }

    /** A scene by its id. */
    static final class Scene implements ITypeConverter<SceneType> {
        @Override
        public SceneType convert(String value) {
            try {
                return SceneType.fromId(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** An integrator by its id. */
    static final class Integrator implements ITypeConverter<IntegratorKind> {
        @Override
        public IntegratorKind convert(String value) {
            try {
                return IntegratorKind.fromId(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** A cloth pin layout by its id. */
    static final class Pins implements ITypeConverter<ClothPins> {
        @Override
        public ClothPins convert(String value) {
            try {
                return ClothPins.fromId(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** A perturbation by its id. */
    static final class Perturb implements ITypeConverter<Perturbation> {
        @Override
        public Perturbation convert(String value) {
            try {
                return Perturbation.fromId(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** The scene ids, for help texts. */
    static final class SceneIds implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(SceneType.values()).map(SceneType::id).iterator();
        }
    }

    /** The integrator ids, for help texts (new integrators appear by themselves). */
    static final class IntegratorIds implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(IntegratorKind.values()).map(IntegratorKind::id).iterator();
        }
    }

    /** The cloth pin ids, for help texts. */
    static final class PinIds implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(ClothPins.values()).map(ClothPins::id).iterator();
        }
    }

    /** The perturbation ids, for help texts. */
    static final class PerturbationIds implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(Perturbation.values()).map(Perturbation::id).iterator();
        }
    }
}
