package dev.hooke.core.scene;

import dev.hooke.core.model.Wind;
import java.util.Objects;

/**
 * The named parameters of a scene, with documented defaults. Mutable, so that command-line
 * options, lesson files and UI panels can fill it field by field; {@link #validate()} checks it
 * and names the field at fault; {@link Scenes#build(SceneSpec)} turns it into a system.
 *
 * <p>A value left at NaN (or a negative count) means "the scene's default", which its
 * {@link SceneRecipe} holds; the built-in scenes' are listed here:
 * <table>
 *   <caption>Defaults per scene</caption>
 *   <tr><th>field</th><th>spring</th><th>chain</th><th>cloth</th><th>cube</th></tr>
 *   <tr><td>nodes / size</td><td>2</td><td>16 nodes</td><td>16 × 16</td><td>4 × 4 × 4</td></tr>
 *   <tr><td>length / width (m)</td><td>1 (rest length)</td><td>4 (whole rope)</td><td>1</td><td>0.5</td></tr>
 *   <tr><td>mass (kg per particle)</td><td>1</td><td>0.1</td><td>0.001</td><td>0.01</td></tr>
 *   <tr><td>k_s (N/m)</td><td>100</td><td>100</td><td>struct 200, shear 100, bend 20</td><td>200</td></tr>
 *   <tr><td>k_d (N·s/m)</td><td>0</td><td>0</td><td>0</td><td>0.05</td></tr>
 * </table>
 * Gravity defaults to 9.81 m/s² downward (−y), air damping to 0. The cube starts 1 m above a
 * ground plane at y = 0 (restitution 0.3, friction 0.5). Any scene may add a sphere
 * ({@link ObstacleSpec}, none by default), with the same friction.
 *
 * <p>Weather and material, for the cloth (no effect on scenes without a surface): a wind w₀ (m/s,
 * default none) with a gust of relative amplitude a (default 0) and period T (default 2 s), see
 * {@code dev.hooke.core.model.Wind}; a tear strain ε_t (default 0: springs never break); and
 * self-collision of the particles with a thickness (default off, 0.01 m).
 */
public final class SceneSpec {

    /** The largest number of particles a scene may have (a 300×300 cloth, a 45³ cube). */
    public static final int MAX_PARTICLES = 100_000;
    /**
     * m, the mass of a particle; in kg: from a microgram to a thousand tonnes. The minimum keeps
     * 1/m and k/m finite (see {@link Range}).
     */
    public static final Range MASS = Range.positive(1e-9, 1e6, "kg");
    /** A length (the rope, the cloth's width, the cube's edge, a thickness, a radius); in m: 1 µm to 1 km. */
    public static final Range LENGTH = Range.positive(1e-6, 1e3, "m");
    /** A distance that may be none (the cube's drop height, the sphere's orbit); in m. */
    public static final Range DISTANCE = Range.zeroOr(LENGTH.min(), LENGTH.max(), "m");
    /** A coordinate (the sphere's centre); in m. */
    public static final Range COORDINATE = Range.within(LENGTH.max(), "m");
    /** The perturbation's displacement; in m. */
    public static final Range DISPLACEMENT = Range.within(1e3, "m");
    /** The perturbation's speed; in m/s. */
    public static final Range VELOCITY = Range.within(1e3, "m/s");
    /** k_s, a spring stiffness (of any kind); in N/m: none, or from 1e-6 to 1e9. */
    public static final Range STIFFNESS = Range.zeroOr(1e-6, 1e9, "N/m");
    /** A damping coefficient, the springs' k_d and the air's c; in N·s/m: none, or from 1e-9 to 1e6. */
    public static final Range DAMPING = Range.zeroOr(1e-9, 1e6, "N·s/m");
    /** g, gravity along −y (negative: upward); in m/s². */
    public static final Range GRAVITY = Range.within(1e3, "m/s²");
    /** μ, the friction coefficient of the ground and the sphere; dimensionless. */
    public static final Range FRICTION = Range.upTo(10, "");
    /** e, the ground's restitution; dimensionless. */
    public static final Range RESTITUTION = Range.upTo(1, "");
    /** A period (the gust's, the sphere's orbit); in s: 1 µs to about eleven days. */
    public static final Range PERIOD = Range.positive(1e-6, 1e6, "s");

    private SceneType type = SceneType.SPRING;
    /** Not set: the scene's default applies. Any other value, negative ones too, is the value asked for. */
    private static final int UNSET = Integer.MIN_VALUE;
    private int nodes = UNSET;
    private int size = UNSET;
    private double length = Double.NaN;
    private double mass = Double.NaN;
    private double k = Double.NaN;
    private double kStruct = Double.NaN;
    private double kShear = Double.NaN;
    private double kBend = Double.NaN;
    private boolean structural = true;
    private boolean shear = true;
    private boolean bend = true;
    private double kd = Double.NaN;
    private double gravity = 9.81;
    private double airDamping = 0;
    private ClothPins pins = ClothPins.CORNERS;
    private boolean verticalCloth = false;
    private double dropHeight = 1.0;
    private double restitution = 0.3;
    private double friction = 0.5;
    private Perturbation perturbation = Perturbation.NONE;
    private double displacement = 0;
    private double velocity = 0;
    private long seed = 1;
    private ObstacleSpec obstacle = ObstacleSpec.NONE;

    // weather and material (wind, tearing, self-collision)
    private final double[] wind = new double[3];
    private double gust = 0;
    private double gustPeriod = DEFAULT_GUST_PERIOD;
    private double tearStrain = 0;
    private boolean selfCollision = false;
    private double thickness = DEFAULT_THICKNESS;

    /** The gust's default period T; in s. */
    public static final double DEFAULT_GUST_PERIOD = Wind.DEFAULT_GUST_PERIOD;
    /** The default thickness of the cloth for self-collision; in m. */
    public static final double DEFAULT_THICKNESS = dev.hooke.core.model.Sphere.DEFAULT_THICKNESS;
    /** The largest wind speed |w₀| accepted; in m/s. */
    public static final double MAX_WIND = 100;
    /** a, the gust's relative amplitude; dimensionless. */
    public static final Range GUST = Range.upTo(1, "");
    /** ε_t, the tear strain: none (springs never break), or from 1e-6 to 1000 %. */
    public static final Range TEAR_STRAIN = Range.zeroOr(1e-6, 10, "");

    /** A spec for the given scene with every default. */
    public static SceneSpec of(SceneType type) {
        SceneSpec s = new SceneSpec();
        s.type = Objects.requireNonNull(type);
        return s;
    }

    /** A copy of this spec. */
    public SceneSpec copy() {
        SceneSpec c = new SceneSpec();
        c.type = type;
        c.nodes = nodes;
        c.size = size;
        c.length = length;
        c.mass = mass;
        c.k = k;
        c.kStruct = kStruct;
        c.kShear = kShear;
        c.kBend = kBend;
        c.structural = structural;
        c.shear = shear;
        c.bend = bend;
        c.kd = kd;
        c.gravity = gravity;
        c.airDamping = airDamping;
        c.pins = pins;
        c.verticalCloth = verticalCloth;
        c.dropHeight = dropHeight;
        c.restitution = restitution;
        c.friction = friction;
        c.perturbation = perturbation;
        c.displacement = displacement;
        c.velocity = velocity;
        c.seed = seed;
        c.obstacle = obstacle;
        System.arraycopy(wind, 0, c.wind, 0, 3);
        c.gust = gust;
        c.gustPeriod = gustPeriod;
        c.tearStrain = tearStrain;
        c.selfCollision = selfCollision;
        c.thickness = thickness;
        return c;
    }

    /**
     * Checks every field.
     *
     * @throws IllegalArgumentException whose message starts with the field's name
     */
    public SceneSpec validate() {
        SceneRecipe recipe = type.recipe();
        recipe.validateCount(this);
        if (recipe.particleCount(this) > MAX_PARTICLES) {
            SceneFile.Key counted = recipe.countedKey();
            throw new IllegalArgumentException((counted == null ? "type" : counted.id())
                    + ": the scene would have more than " + MAX_PARTICLES + " particles");
        }
        LENGTH.check("length", length());
        MASS.check("mass", mass());
        STIFFNESS.check("k", stiffness());
        STIFFNESS.check("k-struct", structuralStiffness());
        STIFFNESS.check("k-shear", shearStiffness());
        STIFFNESS.check("k-bend", bendStiffness());
        DAMPING.check("kd", springDamping());
        GRAVITY.check("gravity", gravity);
        DAMPING.check("air-damping", airDamping);
        obstacle.validate();
        DISTANCE.check("drop-height", dropHeight);
        RESTITUTION.check("restitution", restitution);
        FRICTION.check("friction", friction);
        DISPLACEMENT.check("displacement", displacement);
        VELOCITY.check("velocity", velocity);
        validateWeather();
        return this;
    }

    private void validateWeather() {
        for (double w : wind) {
            if (!Double.isFinite(w)) {
                throw new IllegalArgumentException("wind: must be finite numbers, got " + w);
            }
        }
        if (!(Math.sqrt(wind[0] * wind[0] + wind[1] * wind[1] + wind[2] * wind[2]) <= MAX_WIND)) {
            throw new IllegalArgumentException("wind: the speed must be at most " + MAX_WIND + " m/s");
        }
        GUST.check("gust", gust);
        PERIOD.check("gust-period", gustPeriod);
        TEAR_STRAIN.check("tear-strain", tearStrain);
        LENGTH.check("thickness", thickness);
    }

    private static double or(double value, double fallback) {
        return Double.isNaN(value) ? fallback : value;
    }

    // ------------------------------------------------------------------ effective values

    /** The scene. */
    public SceneType type() {
        return type;
    }

    /** Chain: the number of nodes (default 16). */
    public int nodes() {
        return nodes != UNSET ? nodes : type.recipe().defaultNodes();
    }

    /** Cloth and cube: particles along an edge (defaults 16 and 4). */
    public int size() {
        return size != UNSET ? size : type.recipe().defaultSize();
    }

    /**
     * The scene's length in m: the spring's rest length (1), the whole rope (4), the cloth's
     * width (1), the cube's edge (0.5).
     */
    public double length() {
        return or(length, type.recipe().defaultLength());
    }

    /** m, the mass of each particle; in kg. */
    public double mass() {
        return or(mass, type.recipe().defaultMass());
    }

    /** k_s of every spring unless a kind has its own; in N/m. */
    public double stiffness() {
        return or(k, type.recipe().defaultStiffness());
    }

    /** k_s of structural springs; in N/m. */
    public double structuralStiffness() {
        return or(kStruct, stiffness());
    }

    /** k_s of shear springs; in N/m (cloth default: half of k). */
    public double shearStiffness() {
        return or(kShear, Double.isNaN(k) ? type.recipe().defaultShearStiffness() : stiffness());
    }

    /** k_s of bend springs; in N/m (cloth default 20 N/m). */
    public double bendStiffness() {
        return or(kBend, Double.isNaN(k) ? type.recipe().defaultBendStiffness() : stiffness());
    }

    /** k_d of every spring; in N·s/m. */
    public double springDamping() {
        return or(kd, type.recipe().defaultSpringDamping());
    }

    /** |g|, gravity along −y; in m/s² (0 turns it off). */
    public double gravity() {
        return gravity;
    }

    /** c, global viscous damping; in N·s/m. */
    public double airDamping() {
        return airDamping;
    }

    public boolean structural() {
        return structural;
    }

    public boolean shear() {
        return shear;
    }

    public boolean bend() {
        return bend;
    }

    public ClothPins pins() {
        return pins;
    }

    /** Whether the cloth starts hanging in the x–y plane (true) or lying flat in x–z (false). */
    public boolean verticalCloth() {
        return verticalCloth;
    }

    /** Cube: the height of its lowest face above the ground at the start; in m. */
    public double dropHeight() {
        return dropHeight;
    }

    public double restitution() {
        return restitution;
    }

    public double friction() {
        return friction;
    }

    public Perturbation perturbation() {
        return perturbation;
    }

    /** The perturbation's displacement; in m. */
    public double displacement() {
        return displacement;
    }

    /** The perturbation's velocity; in m/s. */
    public double velocity() {
        return velocity;
    }

    public long seed() {
        return seed;
    }

    // ------------------------------------------------------------------ setters (fluent)

    public SceneSpec type(SceneType t) {
        type = Objects.requireNonNull(t);
        return this;
    }

    public SceneSpec nodes(int n) {
        nodes = n;
        return this;
    }

    public SceneSpec size(int n) {
        size = n;
        return this;
    }

    public SceneSpec length(double l) {
        length = l;
        return this;
    }

    public SceneSpec mass(double m) {
        mass = m;
        return this;
    }

    public SceneSpec stiffness(double ks) {
        k = ks;
        return this;
    }

    public SceneSpec structuralStiffness(double ks) {
        kStruct = ks;
        return this;
    }

    public SceneSpec shearStiffness(double ks) {
        kShear = ks;
        return this;
    }

    public SceneSpec bendStiffness(double ks) {
        kBend = ks;
        return this;
    }

    public SceneSpec structural(boolean on) {
        structural = on;
        return this;
    }

    public SceneSpec shear(boolean on) {
        shear = on;
        return this;
    }

    public SceneSpec bend(boolean on) {
        bend = on;
        return this;
    }

    public SceneSpec springDamping(double d) {
        kd = d;
        return this;
    }

    public SceneSpec gravity(double g) {
        gravity = g;
        return this;
    }

    public SceneSpec airDamping(double c) {
        airDamping = c;
        return this;
    }

    public SceneSpec pins(ClothPins p) {
        pins = Objects.requireNonNull(p);
        return this;
    }

    public SceneSpec verticalCloth(boolean vertical) {
        verticalCloth = vertical;
        return this;
    }

    public SceneSpec dropHeight(double h) {
        dropHeight = h;
        return this;
    }

    public SceneSpec restitution(double e) {
        restitution = e;
        return this;
    }

    public SceneSpec friction(double mu) {
        friction = mu;
        return this;
    }

    public SceneSpec perturbation(Perturbation p) {
        perturbation = Objects.requireNonNull(p);
        return this;
    }

    public SceneSpec displacement(double d) {
        displacement = d;
        return this;
    }

    public SceneSpec velocity(double u) {
        velocity = u;
        return this;
    }

    public SceneSpec seed(long s) {
        seed = s;
        return this;
    }

    /** The obstacle: none or a sphere (see {@link ObstacleSpec}). */
    public ObstacleSpec obstacle() {
        return obstacle;
    }

    /** Sets the obstacle. */
    public SceneSpec obstacle(ObstacleSpec o) {
        obstacle = Objects.requireNonNull(o, "obstacle");
        return this;
    }

    // ------------------------------------------------------------------ weather and material

    /** Component k of w₀, the mean wind; in m/s. */
    public double wind(int k) {
        return wind[k];
    }

    /** Whether any wind blows (w₀ ≠ 0). */
    public boolean windy() {
        return wind[0] != 0 || wind[1] != 0 || wind[2] != 0;
    }

    /** a, the gust's relative amplitude, 0 … 1 (0: a steady wind). */
    public double gust() {
        return gust;
    }

    /** T, the gust's period; in s. */
    public double gustPeriod() {
        return gustPeriod;
    }

    /** ε_t, the strain past which a spring breaks; 0 = never. */
    public double tearStrain() {
        return tearStrain;
    }

    /** Whether the cloth's particles repel each other closer than the thickness. */
    public boolean selfCollision() {
        return selfCollision;
    }

    /** The cloth's thickness: particles closer than this repel (self-collision); in m. */
    public double thickness() {
        return thickness;
    }

    /** Sets w₀ (m/s). */
    public SceneSpec wind(double wx, double wy, double wz) {
        wind[0] = wx;
        wind[1] = wy;
        wind[2] = wz;
        return this;
    }

    public SceneSpec gust(double a) {
        gust = a;
        return this;
    }

    public SceneSpec gustPeriod(double t) {
        gustPeriod = t;
        return this;
    }

    public SceneSpec tearStrain(double strain) {
        tearStrain = strain;
        return this;
    }

    public SceneSpec selfCollision(boolean on) {
        selfCollision = on;
        return this;
    }

    public SceneSpec thickness(double m) {
        thickness = m;
        return this;
    }
}
