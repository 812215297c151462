package dev.hooke.core.integrate;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * One method in the {@link Integrators} table: what it is called ({@link IntegratorKind}), the
 * settings it takes, how to make one and its stability rule.
 *
 * @param kind      the method's names and flags
 * @param settings  the settings it takes; {@link #create} applies them after {@code factory}
 * @param factory   makes a new integrator whose {@link Integrator#kind()} is {@code kind}; it may
 *                  read the settings (the implicit methods take their solver options at birth)
 * @param stability the method's step limit on one mode ({@link StabilityRule#NONE} for none)
 */
public record IntegratorEntry(IntegratorKind kind, Set<IntegratorSetting> settings,
                              Function<IntegratorSettings, Integrator> factory, StabilityRule stability) {

    /** Checks the parts and keeps an unmodifiable copy of the settings. */
    public IntegratorEntry {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(factory, "factory");
        Objects.requireNonNull(stability, "stability");
        Objects.requireNonNull(settings, "settings");
        settings = Collections.unmodifiableSet(settings.isEmpty() ? EnumSet.noneOf(IntegratorSetting.class)
                : EnumSet.copyOf(settings));
    }

    /**
     * A new integrator with {@code settings}: the factory's, given each setting this method takes.
     *
     * @throws IllegalStateException when the factory makes an integrator of another kind, or one
     *                               without a setting the entry lists
     */
    public Integrator create(IntegratorSettings settings) {
        Objects.requireNonNull(settings, "settings");
        Integrator created = factory.apply(settings);
        if (created == null || !kind.equals(created.kind())) {
            throw new IllegalStateException("integrator " + kind.id() + ": the factory made "
                    + (created == null ? "nothing" : "a " + created.kind().id() + " integrator"));
        }
        for (IntegratorSetting setting : IntegratorSetting.values()) {
            if (this.settings.contains(setting) && !setting.apply(created, settings)) {
                throw new IllegalStateException("integrator " + kind.id() + " lists " + setting
                        + " but " + created.getClass().getSimpleName() + " has no such setting");
            }
        }
        return created;
    }
}
