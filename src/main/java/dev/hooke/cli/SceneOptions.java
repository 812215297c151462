package dev.hooke.cli;

import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.scene.ClothPins;
import dev.hooke.core.scene.Perturbation;
import dev.hooke.core.scene.SceneFile.Key;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.scene.Scenes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/**
 * The scene options, shared as a picocli mixin by every command that builds a scene.
 *
 * <p>An option left out keeps the scene's default: the fields are null until given, and
 * {@link SceneSpec} supplies the defaults (listed by {@link #defaultsSection()} in the help).
 * {@link #toSpec(CommandSpec)} refuses an option that does not apply to the chosen scene and
 * lets {@link SceneSpec#validate()} check the values; its messages start with the field's name
 * ({@code k-struct: must be ...}), which is the option's name without the dashes.
 */
public final class SceneOptions {

    /** The key of the help section that lists the scene defaults. */
    static final String DEFAULTS_SECTION = "sceneDefaults";

    @Option(names = "--scene", paramLabel = "NAME", defaultValue = "spring", converter = Converters.Scene.class,
            completionCandidates = Converters.SceneIds.class,
            description = "The scene: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    SceneType scene;

    @Option(names = "--nodes", paramLabel = "N", converter = Converters.AnyCount.class,
            description = "Chain: the number of nodes, at least 2.")
    Integer nodes;

    @Option(names = "--size", paramLabel = "N", converter = Converters.AnyCount.class,
            description = "Cloth and cube: particles along an edge, at least 2.")
    Integer size;

    @Option(names = "--length", paramLabel = "M", converter = Converters.FiniteDouble.class,
            description = "In m: the spring's rest length, the whole rope, the cloth's width, the cube's edge.")
    Double length;

    @Option(names = "--mass", paramLabel = "KG", converter = Converters.FiniteDouble.class,
            description = "In kg: the mass of each particle.")
    Double mass;

    @Option(names = "--k", paramLabel = "N/M", converter = Converters.FiniteDouble.class,
            description = "In N/m: k_s of every spring (--k-struct, --k-shear, --k-bend override it per kind).")
    Double k;

    @Option(names = "--k-struct", paramLabel = "N/M", converter = Converters.FiniteDouble.class,
            description = "In N/m: k_s of the structural springs (the spring's and the chain's too).")
    Double kStruct;

    @Option(names = "--k-shear", paramLabel = "N/M", converter = Converters.FiniteDouble.class,
            description = "In N/m: k_s of the shear springs (cloth, cube).")
    Double kShear;

    @Option(names = "--k-bend", paramLabel = "N/M", converter = Converters.FiniteDouble.class,
            description = "In N/m: k_s of the bend springs (cloth).")
    Double kBend;

    @Option(names = "--structural", negatable = true, arity = "0..1", fallbackValue = "true", paramLabel = "BOOL",
            description = "Cloth and cube: make the structural springs (default: true).")
    Boolean structural;

    @Option(names = "--shear", negatable = true, arity = "0..1", fallbackValue = "true", paramLabel = "BOOL",
            description = "Cloth and cube: make the shear springs (default: true).")
    Boolean shear;

    @Option(names = "--bend", negatable = true, arity = "0..1", fallbackValue = "true", paramLabel = "BOOL",
            description = "Cloth: make the bend springs (default: true).")
    Boolean bend;

    @Option(names = "--kd", paramLabel = "N*S/M", converter = Converters.FiniteDouble.class,
            description = "In N·s/m: k_d, the axial damping of every spring.")
    Double kd;

    @Option(names = "--gravity", paramLabel = "M/S2", converter = Converters.FiniteDouble.class,
            description = "In m/s²: |g|, gravity along -y; 0 turns it off.")
    Double gravity;

    @Option(names = "--air-damping", paramLabel = "N*S/M", converter = Converters.FiniteDouble.class,
            description = "In N·s/m: c, global viscous damping, force -c·v on every particle.")
    Double airDamping;

    @Option(names = "--pins", paramLabel = "PINS", converter = Converters.Pins.class,
            completionCandidates = Converters.PinIds.class,
            description = "Cloth: the pinned particles: ${COMPLETION-CANDIDATES}.")
    ClothPins pins;

    @Option(names = "--vertical", description = "Cloth: start hanging in the x-y plane instead of lying flat.")
    Boolean vertical;

    @Option(names = "--drop-height", paramLabel = "M", converter = Converters.FiniteDouble.class,
            description = "Cube: the height of its lowest face above the ground at the start, in m.")
    Double dropHeight;

    @Option(names = "--restitution", paramLabel = "E", converter = Converters.FiniteDouble.class,
            description = "Cube: e, in [0, 1], the share of its normal speed each particle keeps as it touches the ground"
                    + " (the cube rebounds mostly by its own springs).")
    Double restitution;

    @Option(names = "--friction", paramLabel = "MU", converter = Converters.FiniteDouble.class,
            description = "Cube and cloth: μ, the friction coefficient of the ground and of the sphere.")
    Double friction;

    @CommandLine.Mixin
    ObstacleOptions obstacle = new ObstacleOptions();

    @Option(names = "--perturb", paramLabel = "KIND", converter = Converters.Perturb.class,
            completionCandidates = Converters.PerturbationIds.class,
            description = "The start: ${COMPLETION-CANDIDATES}. end: the particle farthest from the first pin is "
                    + "moved by --displacement and given --velocity, along -y; random: every free particle, "
                    + "up to those amounts in each component, from --seed.")
    Perturbation perturb;

    @Option(names = "--displacement", paramLabel = "M", converter = Converters.FiniteDouble.class,
            description = "The perturbation's displacement, in m.")
    Double displacement;

    @Option(names = "--velocity", paramLabel = "M/S", converter = Converters.FiniteDouble.class,
            description = "The perturbation's velocity, in m/s.")
    Double velocity;

    @Option(names = "--seed", paramLabel = "SEED", converter = Converters.Seed.class,
            description = "The random perturbation's seed.")
    Long seed;

    @Mixin
    ClothWeatherOptions weather = new ClothWeatherOptions();

    /** A stiffness given for springs that another option leaves out: the two contradict each other. */
    private static void springsOff(CommandSpec command, Double stiffness, String option, Boolean made, String kind) {
        if (stiffness != null && Boolean.FALSE.equals(made)) {
            throw new UsageException(command.commandLine(), option + ": the springs it is for are left out by "
                    + kind + "=false (--no-" + kind.substring(2) + ")");
        }
    }

    /**
     * The spec the options describe, checked.
     *
     * @param command the command the options belong to, for error messages
     * @throws UsageException naming the option at fault
     */
    public SceneSpec toSpec(CommandSpec command) {
        onlyFor(command, nodes, "--nodes", Key.NODES);
        onlyFor(command, size, "--size", Key.SIZE);
        onlyFor(command, kShear, "--k-shear", Key.K_SHEAR);
        onlyFor(command, kBend, "--k-bend", Key.K_BEND);
        onlyFor(command, structural, "--structural", Key.STRUCTURAL);
        onlyFor(command, shear, "--shear", Key.SHEAR);
        onlyFor(command, bend, "--bend", Key.BEND);
        onlyFor(command, pins, "--pins", Key.PINS);
        onlyFor(command, vertical, "--vertical", Key.VERTICAL);
        onlyFor(command, dropHeight, "--drop-height", Key.DROP_HEIGHT);
        onlyFor(command, restitution, "--restitution", Key.RESTITUTION);
        onlyFor(command, friction, "--friction", Key.FRICTION);
        Perturbation p = perturb == null ? Perturbation.NONE : perturb;
        if (p == Perturbation.NONE) {
            needsPerturbation(command, displacement, "--displacement");
            needsPerturbation(command, velocity, "--velocity");
        }
        if (seed != null && p != Perturbation.RANDOM) {
            throw new UsageException(command.commandLine(), "--seed: applies to --perturb random only");
        }
        for (String arg : command.commandLine().getParseResult().originalArgs()) {
            // picocli applies the value of "--no-bend=false" as it is, turning the springs off:
            // the opposite of what it reads as
            if (arg.startsWith("--no-") && arg.contains("=")) {
                String name = arg.substring(0, arg.indexOf('='));
                throw new UsageException(command.commandLine(), name + ": takes no value; write --"
                        + name.substring(5) + "=true or =false, or " + name + " alone");
            }
        }
        springsOff(command, kStruct, "--k-struct", structural, "--structural");
        springsOff(command, kShear, "--k-shear", shear, "--shear");
        springsOff(command, kBend, "--k-bend", bend, "--bend");

        SceneSpec spec = SceneSpec.of(scene);
        if (nodes != null) {
            spec.nodes(nodes);
        }
        if (size != null) {
            spec.size(size);
        }
        if (length != null) {
            spec.length(length);
        }
        if (mass != null) {
            spec.mass(mass);
        }
        if (k != null) {
            spec.stiffness(k);
        }
        if (kStruct != null) {
            spec.structuralStiffness(kStruct);
        }
        if (kShear != null) {
            spec.shearStiffness(kShear);
        }
        if (kBend != null) {
            spec.bendStiffness(kBend);
        }
        if (structural != null) {
            spec.structural(structural);
        }
        if (shear != null) {
            spec.shear(shear);
        }
        if (bend != null) {
            spec.bend(bend);
        }
        if (kd != null) {
            spec.springDamping(kd);
        }
        if (gravity != null) {
            spec.gravity(gravity);
        }
        if (airDamping != null) {
            spec.airDamping(airDamping);
        }
        if (pins != null) {
            spec.pins(pins);
        }
        if (vertical != null) {
            spec.verticalCloth(vertical);
        }
        if (dropHeight != null) {
            spec.dropHeight(dropHeight);
        }
        if (restitution != null) {
            spec.restitution(restitution);
        }
        if (friction != null) {
            spec.friction(friction);
        }
        spec.perturbation(p);
        if (displacement != null) {
            spec.displacement(displacement);
        }
        if (velocity != null) {
            spec.velocity(velocity);
        }
        if (seed != null) {
            spec.seed(seed);
        }
        obstacle.applyTo(command, spec);
        weather.applyTo(command, scene, spec);
        try {
            spec.validate();
        } catch (IllegalArgumentException e) {
            throw fieldError(command, e);
        }
        return spec;
    }

    /**
     * Builds the scene of a checked spec.
     *
     * @throws UsageException naming the option at fault if the scene cannot be built
     */
    static MassSpringSystem build(CommandSpec command, SceneSpec spec) {
        try {
            return Scenes.build(spec);
        } catch (IllegalArgumentException e) {
            throw fieldError(command, e);
        }
    }

    /** A one-line description of a built scene, for example "chain: 16 particles (1 pinned), 15 springs". */
    static String describe(SceneSpec spec, MassSpringSystem s) {
        return String.format(Locale.ROOT, "%s: %d particles (%d pinned), %d spring%s",
                spec.type().id(), s.particleCount(), s.pinnedCount(), s.springCount(), s.springCount() == 1 ? "" : "s");
    }

    /**
     * Refuses an option given for a scene whose recipe does not take its key. When the option
     * sets the particle count of other scenes ({@code --nodes}, {@code --size}), the message names
     * the option this scene counts by.
     */
    private void onlyFor(CommandSpec command, Object given, String option, Key key) {
        if (given == null || key.appliesTo(scene)) {
            return;
        }
        List<SceneType> scenes = Arrays.stream(SceneType.values()).filter(key::appliesTo).toList();
        String names = scenes.stream().map(SceneType::id).collect(Collectors.joining(" and "));
        Key counted = scene.recipe().countedKey();
        String hint = "";
        if (counted != null && Arrays.stream(SceneType.values()).anyMatch(t -> t.recipe().countedKey() == key)) {
            List<SceneType> same = Arrays.stream(SceneType.values())
                    .filter(t -> t.recipe().countedKey() == counted).toList();
            hint = "; the " + same.stream().map(SceneType::id).collect(Collectors.joining(" and the "))
                    + (same.size() > 1 ? " take --" : " takes --") + counted.id();
        }
        throw new UsageException(command.commandLine(), String.format(Locale.ROOT,
                "%s: applies to the %s scene%s only, not to %s%s",
                option, names, scenes.size() > 1 ? "s" : "", scene.id(), hint));
    }

    private static void needsPerturbation(CommandSpec command, Double given, String option) {
        if (given != null) {
            throw new UsageException(command.commandLine(), option + ": needs --perturb end or --perturb random");
        }
    }

    /**
     * Turns a message of {@link SceneSpec#validate()} or {@link Scenes#build}, which starts with a
     * field name ("k-struct: must be ..."), into one that starts with the option ("--k-struct: ...").
     */
    static UsageException fieldError(CommandSpec command, IllegalArgumentException e) {
        String message = String.valueOf(e.getMessage());
        int colon = message.indexOf(':');
        if (colon > 0) {
            String field = message.substring(0, colon);
            String option = "perturbation".equals(field) ? "--perturb" : "--" + field;
            OptionSpec spec = command.findOption(option);
            if (spec != null) {
                return new UsageException(command.commandLine(), option + asTyped(command, spec, message.substring(colon)));
            }
        }
        return new UsageException(command.commandLine(), "the scene cannot be built: " + message);
    }

    /**
     * The message with its closing "got 2.0" showing the value as the user typed it ("got 2"),
     * when the option was given and the two are the same number.
     */
    private static String asTyped(CommandSpec command, OptionSpec option, String message) {
        int at = message.lastIndexOf(GOT);
        CommandLine.ParseResult parsed = command.commandLine().getParseResult();
        if (at < 0 || parsed == null || !parsed.hasMatchedOption(option)) {
            return message;
        }
        List<String> typed = parsed.matchedOption(option.longestName()).originalStringValues();
        if (typed.size() != 1) {
            return message;
        }
        try {
            double shown = Double.parseDouble(message.substring(at + GOT.length()));
            double given = Double.parseDouble(typed.get(0));
            if (Double.compare(shown, given) == 0) {
                return message.substring(0, at + GOT.length()) + typed.get(0);
            }
        } catch (NumberFormatException e) {
            // not a number: keep the message as it is
        }
        return message;
    }

    private static final String GOT = ", got ";

    // ------------------------------------------------------------------ help

    /**
     * The help section listing each scene's defaults, read from {@link SceneSpec} itself so that
     * the help never disagrees with the engine.
     */
    static CommandLine.IHelpSectionRenderer defaultsSection() {
        return help -> {
            List<SceneType> types = List.of(SceneType.values());
            List<String[]> rows = new ArrayList<>();
            String[] head = new String[types.size() + 1];
            head[0] = "";
            for (int i = 0; i < types.size(); i++) {
                head[i + 1] = types.get(i).id();
            }
            rows.add(head);
            rows.add(row("--nodes / --size", types, t -> {
                Key counted = t.recipe().countedKey();
                return counted == null ? Double.NaN
                        : counted == Key.NODES ? SceneSpec.of(t).nodes() : SceneSpec.of(t).size();
            }, t -> true));
            rows.add(row("--length (m)", types, t -> SceneSpec.of(t).length(), t -> true));
            rows.add(row("--mass (kg)", types, t -> SceneSpec.of(t).mass(), t -> true));
            rows.add(row("--k-struct (N/m)", types, t -> SceneSpec.of(t).structuralStiffness(), t -> true));
            rows.add(row("--k-shear (N/m)", types, t -> SceneSpec.of(t).shearStiffness(), Key.K_SHEAR::appliesTo));
            rows.add(row("--k-bend (N/m)", types, t -> SceneSpec.of(t).bendStiffness(), Key.K_BEND::appliesTo));
            rows.add(row("--kd (N·s/m)", types, t -> SceneSpec.of(t).springDamping(), t -> true));
            int[] width = new int[head.length];
            for (String[] r : rows) {
                for (int c = 0; c < r.length; c++) {
                    width[c] = Math.max(width[c], r[c].length());
                }
            }
            StringBuilder sb = new StringBuilder();
            sb.append("\nScene defaults (an option left out keeps these):\n");
            for (String[] r : rows) {
                sb.append("  ");
                for (int c = 0; c < r.length; c++) {
                    sb.append(r[c]);
                    if (c + 1 < r.length) {
                        sb.append(" ".repeat(width[c] - r[c].length() + 3));
                    }
                }
                sb.append('\n');
            }
            SceneSpec any = SceneSpec.of(SceneType.CUBE);
            sb.append(String.format(Locale.ROOT,
                    "  every scene: --gravity %s m/s², --air-damping %s N·s/m, --perturb %s%n",
                    Numbers.plain(any.gravity()), Numbers.plain(any.airDamping()), any.perturbation().id()));
            sb.append(String.format(Locale.ROOT, "  cloth: --pins %s, lying flat, --friction %s%n", SceneSpec.of(SceneType.CLOTH).pins().id(),
                    Numbers.plain(SceneSpec.of(SceneType.CLOTH).friction())));
            sb.append(String.format(Locale.ROOT, "  cube: --drop-height %s m, --restitution %s, --friction %s%n",
                    Numbers.plain(any.dropHeight()), Numbers.plain(any.restitution()), Numbers.plain(any.friction())));
            sb.append(String.format(Locale.ROOT, "  --displacement %s m, --velocity %s m/s, --seed %d%n",
                    Numbers.plain(any.displacement()), Numbers.plain(any.velocity()), any.seed()));
            return sb.toString();
        };
    }

    private static String[] row(String label, List<SceneType> types, ToDoubleFunction<SceneType> value,
                                Predicate<SceneType> applies) {
        String[] r = new String[types.size() + 1];
        r[0] = label;
        for (int i = 0; i < types.size(); i++) {
            SceneType t = types.get(i);
            double v = applies.test(t) ? value.applyAsDouble(t) : Double.NaN;
            r[i + 1] = Double.isNaN(v) ? "-" : Numbers.plain(v);
        }
        return r;
    }
}
