package dev.hooke.core.sim;

import dev.hooke.core.force.Forces;
import dev.hooke.core.integrate.Integrator;
import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.model.ClothSurface;
import dev.hooke.core.model.MassSpringSystem;
import dev.hooke.core.model.StateRecord;
import dev.hooke.core.model.Sphere;
import dev.hooke.core.observe.Observables;
import dev.hooke.core.stability.StabilityAnalysis;
import dev.hooke.core.stability.StabilityLimit;
import java.util.Objects;

/**
 * A system, an integrator and a fixed Δt, stepped forward with observables measured after every
 * step and an explosion detector.
 *
 * <h2>Time</h2>
 * Tests and the command line call {@link #step(int)}; a UI passes wall-clock time to
 * {@link #advance(double, int)}, which turns it into fixed steps with an accumulator and a cap
 * (as dyn4j's {@code World.update} does). The UI never decides the physics.
 *
 * <h2>Energy</h2>
 * The work dissipated by damping is the integrator's own ({@link Integrator#dissipatedWork()}):
 * W' = P_d stepped with the method's quadrature, to the method's order, so that E + W_d − E₀
 * measures the method's error alone; for a method that does not say, the trapezoidal rule
 * W_d += ½ h (P_d(start) + P_d(end)). The wind's work W_w is integrated alike from its power
 * ({@link Integrator#windWork()}) and kept apart: the balance is E + W_d − W_w. The energy the contact with the ground and the sphere removed
 * in the step is added as a separate term (see {@link Contact}: the contact is a constraint inside
 * the step, and its work is counted exactly). When the contact takes a step again, the work read
 * is the kept attempt's.
 *
 * <h2>Explosion</h2>
 * After every step the state is checked. The system is marked exploded, and stepping stops, when
 * a position or velocity is not finite, or when the energy of motion that is not free flight,
 * U_el + K − ½|p|²/M, exceeds {@value #EXPLOSION_FACTOR} times the energy scale
 * <pre>
 *   E_ref = U_el(0) + K_int(0) + M_free |g| D + 10⁻⁴ Σ ½ k_s L²
 * </pre>
 * where D is the diagonal of the initial bounding box (plus the drop height to a ground plane, and
 * to the bottom of a sphere, and the width of the sphere's orbit):
 * the energy gravity can feed in, and the energy of a 1 % strain in every spring as a floor.
 * It is also marked exploded when the energy balance E + W_d − W_w (total energy K + U_el + U_grav
 * plus the work dissipated, less the wind's work) rises above its value at the start (or at the last parameter change) by
 * more than {@value #ENERGY_GAIN_FACTOR} times E_ref + K(0) (the whole kinetic energy at the start,
 * flight included): springs, gravity, damping and contact cannot supply energy, so such a gain is
 * the method's own growth even when it goes into the flight of the whole body, which the first
 * test leaves out. (A position-based method's projection may put energy in, as when it snaps a
 * stretched spring to its length; its W_d counts that exactly, as negative work, so its balance
 * does not move.)
 * A stable method's energy error and the energy a coarse ground contact can add at a landing stay
 * within a few of these scales. A start at rest in an equilibrium ({@link #restResidual} at most
 * {@value #EQUILIBRIUM_FORCE}: a chain hanging where springs and gravity balance) can release no
 * energy at all, so its gain is measured against the energy of a 1 % strain in every spring
 * alone: a step past the limit is flagged while the fastest mode's jitter is still small (just past
 * an RK4 limit that jitter saturates instead of blowing up, and with the first scale a hanging
 * chain jittered on at strain 2 unflagged). The same rule judges the runs of
 * {@link ExplosionBisection}, which measures the limit.
 * An exception thrown inside a step is caught and reported the same way: none reaches the caller.
 *
 * <h2>Wind and tearing</h2>
 * Before each step the wind's gust is set to the step's start time. After it, the springs stretched
 * past the tear strain break ({@link Tearing}); the elastic energy they held is counted as
 * dissipated. A tear is not an explosion; springs breaking nearly everywhere at once while Δt is
 * above the integrator's predicted limit are ({@link ExplosionReport.Cause#SHATTERED}). Then a
 * cloth with a thickness resolves its self-collisions ({@link SelfCollision}), whose energy is
 * counted like the ground's.
 *
 * <h2>Saved states</h2>
 * {@link #saveState} writes everything the next steps depend on into a {@link StateRecord}: t, the
 * step count, x and v, the observables (W_d, the dissipated work, among them), the explosion
 * detector's scales and report, the broken springs and the tear window, then the integrator's own
 * history ({@link Integrator#saveState}). {@link #restoreState} takes it back, and the steps that
 * follow are those that followed the save, bit for bit. The contact keeps nothing from one step to
 * the next (which particles it holds is decided afresh at every step), nor does the wind (its gust
 * is set from t), nor the self-collision (its neighbours come from the springs).
 */
public final class Simulation {

    /** How far past its scale the energy must grow to count as an explosion. */
    public static final double EXPLOSION_FACTOR = 1e4;
    /** How far, in energy scales, the total energy may rise above its start before it counts as an explosion. */
    public static final double ENERGY_GAIN_FACTOR = 100;
    /**
     * A start whose forces are at most this fraction of the weight they must balance and whose
     * particles do not move is at rest in an equilibrium ({@link #restResidual}): no motion can release energy there.
     */
    public static final double EQUILIBRIUM_FORCE = 1e-3;

    private final MassSpringSystem system;
    private Integrator integrator;
    private double dt;
    private double time;
    private long steps;
    private double accumulator;
    private final Observables observables = new Observables();
    private final Contact contact = new Contact();
    private final Tearing tearing = new Tearing();
    private final SelfCollision selfCollision = new SelfCollision();
    private ExplosionReport explosion;
    private final SolverTally solverTally = new SolverTally();
    /** The predicted limit for telling a tear from a blow-up, or null until needed (see {@link #aboveLimit}). */
    private StabilityLimit limitSeen;

    private double energyScale;
    private double startEnergy;
    private double gainScale;
    private final double lengthScale;
    private final double[] referencePositions;

    /**
     * @param system     the system, stepped in place
     * @param integrator the method
     * @param dt         Δt, in s (finite and &gt; 0)
     */
    public Simulation(MassSpringSystem system, Integrator integrator, double dt) {
        this.system = Objects.requireNonNull(system, "system");
        this.integrator = Objects.requireNonNull(integrator, "integrator");
        setDt(dt);
        this.referencePositions = system.x.clone();
        this.lengthScale = lengthScale(system);
        observables.measure(system);
        observables.dissipated = 0;
        observables.windWork = 0;
        observables.penetration = Contact.penetration(system, 0);
        energyScale = freshEnergyScale();
        startEnergy = observables.balance();
        gainScale = restResidual(system) <= EQUILIBRIUM_FORCE ? springFloor() : energyScale + observables.kinetic;
    }

    // ------------------------------------------------------------------ stepping

    /**
     * Takes one step unless the system has exploded.
     *
     * @return whether a step was taken and the system is still sound
     */
    public boolean step() {
        if (explosion != null) {
            return false;
        }
        double powerBefore = observables.dampingPower;
        double windBefore = observables.windPower;
        try {
            if (system.wind() != null) {
                system.wind().setTime(time);
            }
            double contactLoss = contact.step(system, integrator, dt, time);
            solverTally.record(integrator.solverStats(), steps + 1);
            double damping = integrator.dissipatedWork();
            double wind = integrator.windWork();
            double fracture = tearing.step(system);
            ClothSurface cloth = system.surface();
            if (cloth != null && cloth.thickness() > 0) {
                contactLoss += selfCollision.step(system, cloth.thickness());
            }
            time += dt;
            steps++;
            observables.measure(system);
            observables.penetration = contact.penetration();
            observables.contacts = contact.contacts();
            if (Double.isNaN(damping)) {
                damping = 0.5 * dt * (powerBefore + observables.dampingPower);
            }
            if (Double.isNaN(wind)) {
                wind = 0.5 * dt * (windBefore + observables.windPower);
            }
            observables.dissipated += damping + contactLoss + fracture;
            observables.windWork += wind;
        } catch (RuntimeException e) {
            time += dt;
            steps++;
            explode(ExplosionReport.Reason.stepFailed(e.getMessage()), -1);
            return false;
        }
        if (!observables.isFinite()) {
            explode(ExplosionReport.Reason.nonFinite(), firstNonFinite());
            return false;
        }
        if (tearing.shattered(system) && aboveLimit()) {
            explode(ExplosionReport.Reason.shattered(tearing.recentlyBroken(), system.springCount()), fastestParticle());
            return false;
        }
        double motion = observables.elastic + observables.internalKinetic;
        if (motion > EXPLOSION_FACTOR * energyScale) {
            explode(ExplosionReport.Reason.energyGrew(motion, energyScale), fastestParticle());
            return false;
        }
        double gain = observables.balance() - startEnergy;
        if (gain > ENERGY_GAIN_FACTOR * gainScale) {
            explode(ExplosionReport.Reason.energyCreated(gain, gainScale), fastestParticle());
            return false;
        }
        return true;
    }

    /**
     * Takes up to n steps, stopping early at an explosion.
     *
     * @return the number of steps taken
     */
    public int step(int n) {
        int taken = 0;
        for (int i = 0; i < n && step(); i++) {
            taken++;
        }
        return taken;
    }

    /**
     * Advances by wall-clock time: adds {@code seconds} to an accumulator and takes as many fixed
     * steps as fit, at most {@code maxSteps} (the rest of the accumulator is dropped, so a slow
     * machine runs in slow motion instead of spiralling).
     *
     * @return the number of steps taken
     */
    public int advance(double seconds, int maxSteps) {
        if (!(seconds > 0) || explosion != null) {
            return 0;
        }
        accumulator += seconds;
        int taken = 0;
        while (accumulator >= dt && taken < maxSteps) {
            if (!step()) {
                break;
            }
            accumulator -= dt;
            taken++;
        }
        if (taken == maxSteps) {
            accumulator = 0;
        }
        return taken;
    }

    private void explode(ExplosionReport.Reason reason, int particle) {
        StabilityLimit limit = null;
        try {
            MassSpringSystem reference = system.copy();
            System.arraycopy(referencePositions, 0, reference.x, 0, referencePositions.length);
            limit = StabilityAnalysis.predictedLimit(reference, integrator);
        } catch (RuntimeException ignored) {
            // the report goes out without a limit
        }
        explosion = new ExplosionReport(time, steps, dt, integrator.kind(), limit, reason, particle);
    }

    /**
     * Whether Δt is above the integrator's predicted limit at the reference positions (computed once
     * per Δt, integrator and parameters): springs tearing everywhere at once are a blow-up only then.
     * A limit that cannot be computed counts as not exceeded.
     */
    private boolean aboveLimit() {
        if (limitSeen == null) {
            try {
                MassSpringSystem reference = system.copy();
                System.arraycopy(referencePositions, 0, reference.x, 0, referencePositions.length);
                limitSeen = StabilityAnalysis.predictedLimit(reference, integrator);
            } catch (RuntimeException e) {
                return false;
            }
        }
        return !limitSeen.isStable(dt);
    }

    private int firstNonFinite() {
        for (int q = 0; q < system.x.length; q++) {
            if (!Double.isFinite(system.x[q]) || !Double.isFinite(system.v[q])) {
                return q / 3;
            }
        }
        return -1;
    }

    private int fastestParticle() {
        int best = -1;
        double bestV = -1;
        for (int i = 0; i < system.particleCount(); i++) {
            int q = 3 * i;
            double v2 = system.v[q] * system.v[q] + system.v[q + 1] * system.v[q + 1] + system.v[q + 2] * system.v[q + 2];
            if (v2 > bestV) {
                bestV = v2;
                best = i;
            }
        }
        return best;
    }

    // ------------------------------------------------------------------ saved states

    /**
     * Writes the present state into {@code out} (cleared first), between two steps: see the class
     * comment. Allocates nothing once {@code out} has held a state of this system.
     */
    public void saveState(StateRecord out) {
        out.clear();
        out.putDouble(time);
        out.putLong(steps);
        out.putReference(explosion);
        out.putReference(limitSeen);
        out.putDouble(dt);
        out.putDouble(energyScale);
        out.putDouble(startEnergy);
        out.putDouble(gainScale);
        Observables o = observables;
        out.putDouble(o.kinetic);
        out.putDouble(o.elastic);
        out.putDouble(o.gravitational);
        out.putDouble(o.dissipated);
        out.putDouble(o.dampingPower);
        out.putDouble(o.windWork);
        out.putDouble(o.windPower);
        out.putDouble(o.momentum[0]);
        out.putDouble(o.momentum[1]);
        out.putDouble(o.momentum[2]);
        out.putDouble(o.maxSpeed);
        out.putDouble(o.maxStrain);
        out.putDouble(o.internalKinetic);
        out.putDouble(o.penetration);
        out.putLong(o.contacts);
        out.putLong(o.torn);
        out.putArray(system.x);
        out.putArray(system.v);
        out.putArray(referencePositions);
        tearing.saveState(out, system);
        out.integratorPart(integrator.kind());
        integrator.saveState(out, system);
    }

    /**
     * Takes back a state {@link #saveState} wrote, from this simulation or another of the same
     * scene (a fork): the steps that follow are those that followed the save, bit for bit, when
     * the method is the one that saved it; another method starts without history
     * ({@link Integrator#reset()}) from the same t, x and v. The parameters stay the present ones.
     *
     * @throws IllegalStateException when the record is of a system of another size
     */
    public void restoreState(StateRecord in) {
        in.rewind();
        if (in.nextArrayLength() != system.x.length) {
            throw new IllegalStateException("the saved state has " + in.nextArrayLength() / 3
                    + " particles, the system " + system.particleCount());
        }
        time = in.nextDouble();
        steps = in.nextLong();
        explosion = (ExplosionReport) in.nextReference();
        StabilityLimit savedLimit = (StabilityLimit) in.nextReference();
        double savedDt = in.nextDouble();
        energyScale = in.nextDouble();
        startEnergy = in.nextDouble();
        gainScale = in.nextDouble();
        Observables o = observables;
        o.kinetic = in.nextDouble();
        o.elastic = in.nextDouble();
        o.gravitational = in.nextDouble();
        o.dissipated = in.nextDouble();
        o.dampingPower = in.nextDouble();
        o.windWork = in.nextDouble();
        o.windPower = in.nextDouble();
        o.momentum[0] = in.nextDouble();
        o.momentum[1] = in.nextDouble();
        o.momentum[2] = in.nextDouble();
        o.maxSpeed = in.nextDouble();
        o.maxStrain = in.nextDouble();
        o.internalKinetic = in.nextDouble();
        o.penetration = in.nextDouble();
        o.contacts = (int) in.nextLong();
        o.torn = (int) in.nextLong();
        in.nextArray(system.x);
        in.nextArray(system.v);
        in.nextArray(referencePositions);
        tearing.restoreState(in, system);
        accumulator = 0;
        system.touch();
        boolean sameMethod = integrator.kind().equals(in.integratorKind()) && in.atIntegratorPart();
        limitSeen = sameMethod && savedDt == dt ? savedLimit : null;
        if (sameMethod) {
            integrator.restoreState(in, system);
        } else {
            integrator.reset();
        }
    }

    // ------------------------------------------------------------------ energy scale

    private static double lengthScale(MassSpringSystem s) {
        double[] lo = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
        double[] hi = {-Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
        for (int i = 0; i < s.particleCount(); i++) {
            for (int k = 0; k < 3; k++) {
                lo[k] = Math.min(lo[k], s.x[3 * i + k]);
                hi[k] = Math.max(hi[k], s.x[3 * i + k]);
            }
        }
        double d = Math.sqrt(sq(hi[0] - lo[0]) + sq(hi[1] - lo[1]) + sq(hi[2] - lo[2]));
        if (s.ground() != null) {
            d += Math.max(0, lo[1] - s.ground().height());
        }
        if (s.sphere() != null) {
            Sphere sp = s.sphere();
            d += Math.max(0, lo[1] - (sp.cy() - sp.contactRadius())) + 2 * sp.orbitRadius();
        }
        double longest = 0;
        for (int sp = 0; sp < s.springCount(); sp++) {
            longest = Math.max(longest, s.restLength(sp));
        }
        return d + longest;
    }

    private static double sq(double a) {
        return a * a;
    }

    /**
     * How far the system is from rest in an equilibrium: +∞ when a particle moves, else the largest
     * force on a free particle (springs, gravity, damping, air, wind) over the force that must be
     * balanced there: m|g| of the heaviest particle under gravity (a cloth let go flat feels its
     * whole weight: 1), the largest k_s·L without (0 at an exact equilibrium).
     */
    public static double restResidual(MassSpringSystem s) {
        for (double v : s.v) {
            if (v != 0) {
                return Double.POSITIVE_INFINITY;
            }
        }
        double[] f = new double[s.x.length];
        Forces.compute(s, s.x, s.v, f);
        double g = Math.sqrt(sq(s.gravity(0)) + sq(s.gravity(1)) + sq(s.gravity(2)));
        double weight = 0;
        double largest = 0;
        for (int i = 0; i < s.particleCount(); i++) {
            if (!s.isPinned(i)) {
                weight = Math.max(weight, s.mass(i) * g);
                largest = Math.max(largest, Math.sqrt(sq(f[3 * i]) + sq(f[3 * i + 1]) + sq(f[3 * i + 2])));
            }
        }
        if (largest == 0) {
            return 0;
        }
        double scale = weight;
        if (!(scale > 0)) {
            for (int sp = 0; sp < s.springCount(); sp++) {
                scale = Math.max(scale, s.stiffness(sp) * s.restLength(sp));
            }
        }
        return scale > 0 ? largest / scale : Double.POSITIVE_INFINITY;
    }

    /** The energy of a 1 % strain in every spring, 10⁻⁴ Σ ½ k_s L²; in J (never 0). */
    private double springFloor() {
        double floor = 0;
        for (int sp = 0; sp < system.springCount(); sp++) {
            floor += 0.5 * system.stiffness(sp) * sq(system.restLength(sp));
        }
        return floor > 0 ? 1e-4 * floor : Double.MIN_NORMAL;
    }

    private double freshEnergyScale() {
        double freeMass = 0;
        for (int i = 0; i < system.particleCount(); i++) {
            if (!system.isPinned(i)) {
                freeMass += system.mass(i);
            }
        }
        double g = Math.sqrt(sq(system.gravity(0)) + sq(system.gravity(1)) + sq(system.gravity(2)));
        double scale = observables.elastic + observables.internalKinetic + freeMass * g * lengthScale + springFloor();
        return scale > 0 ? scale : Double.MIN_NORMAL;
    }

    /**
     * Tells the detector that parameters changed (stiffness, mass, gravity, pins): the energy
     * scale is raised to fit the new parameters if they need more, and the limit reported at an
     * explosion is computed from the present positions.
     */
    public void parametersChanged() {
        if (explosion != null) {
            return;
        }
        observables.measure(system);
        energyScale = Math.max(energyScale, freshEnergyScale());
        startEnergy = observables.balance();
        gainScale = Math.max(gainScale, energyScale + observables.kinetic);
        limitSeen = null;
        System.arraycopy(system.x, 0, referencePositions, 0, referencePositions.length);
    }

    // ------------------------------------------------------------------ settings

    /** Δt; in s. */
    public double dt() {
        return dt;
    }

    /** Sets Δt, in s; it must be finite and &gt; 0. Takes effect at the next step. */
    public void setDt(double newDt) {
        if (!(newDt > 0) || !Double.isFinite(newDt)) {
            throw new IllegalArgumentException("dt must be a finite number > 0, got " + newDt);
        }
        dt = newDt;
        limitSeen = null;
    }

    /** The integrator. */
    public Integrator integrator() {
        return integrator;
    }

    /** Switches integrators between two steps; the state is kept. */
    public void setIntegrator(Integrator next) {
        integrator = Objects.requireNonNull(next, "integrator");
        integrator.reset();
        limitSeen = null;
    }

    /** The method now in use. */
    public IntegratorKind integratorKind() {
        return integrator.kind();
    }

    // ------------------------------------------------------------------ state

    /** The system (its arrays are live: read them between steps only). */
    public MassSpringSystem system() {
        return system;
    }

    /** t, simulated time; in s. */
    public double time() {
        return time;
    }

    /** The number of steps taken. */
    public long steps() {
        return steps;
    }

    /** The observables after the last step (live: copy them to keep them). */
    public Observables observables() {
        return observables;
    }

    /** Whether the system has exploded (then it no longer steps). */
    public boolean exploded() {
        return explosion != null;
    }

    /** The explosion report, or null. */
    public ExplosionReport explosion() {
        return explosion;
    }

    /** What the linear solves of the steps taken so far did (the implicit methods). */
    public SolverTally solverTally() {
        return solverTally;
    }

    /** The energy scale E_ref the detector compares with; in J. */
    public double energyScale() {
        return energyScale;
    }
}
