package dev.hooke;

/**
 * Named tolerances for the tests, each with the reason for its size. Every expected value in the
 * tests comes from a closed form, an independent construction or a theorem; these constants say
 * how far the engine may be from it, and why no further.
 */
public final class Tolerances {

    private Tolerances() {
    }

    /**
     * Relative error of one step of an exact per-step energy law (explicit Euler's factor
     * 1 + h²ω², RK4's |R(iy)|², the conserved modified energies of symplectic Euler and the
     * Verlets). A step is a handful of rounded operations on numbers of order 1, so the law holds to
     * a few ulps (about 10⁻¹⁵); position Verlet rebuilds v from (x⁺ − x)/h and loses about
     * ε|x|/(h|v|) ≈ 10⁻¹⁴ there. 10⁻¹² leaves room for that and nothing else: any O(h) or O(h²)
     * mistake in the law or the method is at least 10⁻⁴.
     */
    public static final double ENERGY_LAW_PER_STEP = 1e-12;

    /**
     * Relative drift of an exact energy law over 10⁴ steps: per-step round-off of about 10⁻¹⁴
     * accumulating at worst linearly gives 10⁻¹⁰.
     */
    public static final double ENERGY_LAW_GLOBAL = 1e-10;

    /**
     * Allowed distance of a measured convergence order from the method's order (the issue's
     * ±0.1). The step ranges are chosen where the next error term changes the ratio of successive
     * errors by less than 5 % (about 0.07 in the order) and round-off is still 10³ times smaller
     * than the error.
     */
    public static final double ORDER = 0.1;

    /**
     * Relative distance of the explosion Δt measured by bisection from the predicted limit (the
     * issue's 1 %). The bisection itself resolves 10⁻⁴; the rest is the finite horizon: just
     * above its limit RK4 grows by only 1 + 14·(Δt/Δt_max − 1) per step.
     */
    public static final double EXPLOSION_DT = 0.01;

    /**
     * Relative distance of ω_max from the matrix-free Lanczos estimator to EJML's dense symmetric
     * eigen solver (the 10⁻⁶). Lanczos stops at a Ritz residual of 10⁻¹⁰·θ, which bounds
     * |λ_max − θ| by the same amount.
     */
    public static final double LANCZOS_VS_DENSE = 1e-6;

    /**
     * Relative distance of an eigenvalue from a dense symmetric eigen solver to a closed form or to
     * an independently assembled matrix. A symmetric QR solve is backward stable: errors of order
     * n·ε·‖A‖, that is below 10⁻¹³ relative for λ_max at the sizes used here.
     */
    public static final double EIGENVALUE = 1e-10;

    /**
     * Relative distance between a limit formula and the brute-force search for the largest h whose
     * 2×2 amplification matrix has spectral radius ≤ 1. The search bisects to 10⁻¹⁵ and counts a
     * radius up to 1 + 10⁻¹⁵ as stable (a radius that is exactly 1, as for undamped symplectic
     * Euler, comes out a few ulps off). That slack moves the edge by 10⁻¹⁵/(h·dρ/dh); the
     * slowest crossing tested, explicit Euler at ζ = 10⁻³ (dρ/dh ≈ ωζ), gives 5·10⁻¹⁰.
     */
    public static final double STABILITY_FORMULA = 1e-9;

    /**
     * Relative change of the total momentum in free flight, against the momentum scale Σ m|v|.
     * Spring forces cancel pair by pair up to one rounding per component, so the momentum changes
     * by about ε per step relative to the forces' impulse; over a few hundred steps that stays
     * below 10⁻¹³.
     */
    public static final double MOMENTUM = 1e-12;

    /**
     * Relative distance between two integrators that are the same method in exact arithmetic
     * (position Verlet with δ = 0 and velocity Verlet), after 10³ steps on a nonlinear chain:
     * they round differently (one keeps x − x⁻, the other v), about 10⁻¹⁶ per step, and a
     * swinging chain amplifies that only mildly over 2 s.
     */
    public static final double SAME_METHOD = 1e-10;

    /**
     * Relative error of a force or a power written out from its formula in the test: a dozen
     * rounded operations, so a few ulps; 10⁻¹³ catches any wrong sign or missing term.
     */
    public static final double FORMULA = 1e-13;

    /**
     * Relative distance of a spring's 3×3 Jacobian block from central finite differences of the
     * forces, against the block's largest entry (the 10⁻⁶). A central difference with a
     * step of 10⁻⁶ relative has truncation error about 10⁻¹² and round-off about ε/10⁻⁶ ≈ 10⁻¹⁰.
     */
    public static final double JACOBIAN_FD_REL = 1e-6;

    /** The finite-difference step for Jacobian checks, relative to the spring's length (or unit velocity). */
    public static final double FD_STEP_REL = 1e-6;

    /** CG's relative-residual tolerance when its answer is compared with a direct solve. */
    public static final double CG_TIGHT_TOLERANCE = 1e-12;

    /**
     * CG's solution against EJML's sparse Cholesky solution of the same system, relative in the
     * 2-norm (the 10⁻⁸), with CG run to a relative residual of {@link #CG_TIGHT_TOLERANCE}:
     * the error is then at most κ·10⁻¹², κ the system's condition number.
     */
    public static final double CG_VS_DIRECT_REL = 1e-8;

    /** EJML's sparse Cholesky solution against EJML's dense solve, relative in the 2-norm. */
    public static final double SPARSE_VS_DENSE_REL = 1e-10;

    /**
     * Per-step energy ratio of the implicit integrators on a linear spring against the exact factor
     * 1/(1 + h²ω²) or 1 (the 10⁻⁹): the step solves a 3×3 system to a residual of 10⁻¹²
     * or directly.
     */
    public static final double ENERGY_RATIO_REL = 1e-9;

    /** Step of the central differences taken of closed-form solutions; in s. */
    public static final double FD_STEP = 1e-5;

    /**
     * Closed-form oscillator: residual of u'' + 2ζω u' + ω² u = 0 by central differences with step
     * {@link #FD_STEP}, relative to ω²·max(|u₀|, |v₀|/ω). Truncation error h²·r⁴/12 with the fastest
     * rate r ≈ 58 s⁻¹ (ζ = 3, ω = 10) is 1e-6 of ω²; rounding 1e-16/h² is 1e-8 of it.
     */
    public static final double OSCILLATOR_ODE_RESIDUAL = 1e-5;

    /** Closed-form oscillator: u'(0) by a central difference against v₀, relative to ω·|u₀| + |v₀|. */
    public static final double OSCILLATOR_INITIAL_VELOCITY = 1e-7;

    /** Closed-form oscillator: the undamped case against u₀ cos ωt + (v₀/ω) sin ωt, relative to the amplitude. */
    public static final double OSCILLATOR_UNDAMPED = 1e-14;

    /** Closed-form oscillator: ζ = 1 ± 1e-9 against the critical formula, relative to |u₀|. */
    public static final double OSCILLATOR_NEAR_CRITICAL = 1e-7;

    // ---------------------------------------------------------------- workbench

    /**
     * Absolute error allowed on a mesh coordinate of order 1 m computed in double and stored as
     * float (float keeps 24 bits: about 6e-8 relative); in m.
     */
    public static final double MESH_FLOAT = 1e-6;

    /**
     * Relative error allowed between a value typed into a parameter field and the value the
     * engine holds (the field's text goes through a decimal parse, nothing else).
     */
    public static final double PARAMETER_ROUND_TRIP = 1e-12;

    /**
     * Relative error allowed between a stability limit and its closed form: both come from the
     * same few floating-point operations or an eigen solve of a 3×3 matrix.
     */
    public static final double STABILITY_LIMIT_RELATIVE = 1e-9;

    /**
     * How long a test waits for the simulation or the window to react; in s. A bound on waiting
     * for something that never comes, not a speed requirement: a test goes on the moment the
     * awaited event happens, so the bound only decides how long a failing test takes to say so,
     * and it is set far above what two busy cores need (a lesson step, a 100 × 100 cloth built).
     */
    public static final long UI_TIMEOUT_SECONDS = 60;

    /** The most significant digits an axis tick label may show. */
    public static final int MAX_TICK_DIGITS = 6;

    /**
     * Relative difference allowed between the value a Δt slider mark is drawn at and the limit
     * the snapshot holds: the same double, passed along.
     */
    public static final double MARK_RELATIVE = 1e-12;

    /**
     * How long a test waits for a stability analysis to finish; in s. Not a speed requirement
     * (the window says "computing" meanwhile): a bound on waiting for an analysis that never
     * ends, far above the seconds the largest scene a test shows takes on two busy cores.
     */
    public static final long ANALYSIS_TIMEOUT_SECONDS = 120;

    /**
     * How long the window may take to agree with itself after an action of the randomized test;
     * in s. Like {@link #UI_TIMEOUT_SECONDS}, a bound on waiting, not on speed.
     */
    public static final long SETTLE_SECONDS = 30;

    /** Colour distance in RGB (0 … √3) above which two renders of a view differ at a pixel. */
    public static final double PIXEL_DIFFERENCE = 0.08;

    /** The share of the 3D view the cloth must cover at its default framing, at least. */
    public static final double MIN_CLOTH_SHARE = 0.04;

    /** The share of the pixels the cloth changes that must be in the cloth's colours, at least. */
    public static final double MIN_CLOTH_COLOURED = 0.95;

    /**
     * XPBD's settled sag of a hanging cloth against backward Euler's, relative (the 1 %).
     * Converged XPBD is not exactly backward Euler: it accumulates each constraint's correction
     * along the gradient of the moment, and the springs turn while the prediction's h² g is taken
     * back (Macklin et al. drop that geometric-stiffness term). On the 10×10 corner-pinned cloth of
     * the test the settled sag differs by 0.58 % at Δt = 1/60 s, 0.19 % at 1/120 s and 0.049 % at
     * 1/240 s: O(Δt²), from the method, not from unconverged iterations (20 to 400 iterations give
     * the same sag to 8 digits).
     */
    public static final double SAG_XPBD_VS_BACKWARD_EULER = 0.01;

    /**
     * A settled vertical chain's stretch against the closed form m g N(N − 1)/(2 k_s), relative,
     * for the methods that converge to backward Euler's step (XPBD with enough iterations, the
     * fast mass-spring method): the springs stay on one axis, where both are exact, and 20 s of
     * damped motion (decay rate 2.5 s⁻¹) leave e⁻⁵⁰ of the initial swing. Measured: 10⁻¹⁴.
     */
    public static final double CHAIN_STATIC_STRETCH = 1e-10;

    /**
     * Liu et al.'s local/global iteration against Newton's method on the same backward-Euler step,
     * relative to the step's displacement, once both have converged: Newton to ‖G‖ ≈ 10⁻¹⁴ of its
     * first residual, the local/global iteration until its last correction is below 10⁻¹⁶ m. What
     * is left is round-off amplified by the condition of the two solves; measured 10⁻¹³.
     */
    public static final double LIU_VS_NEWTON = 1e-11;

    /**
     * Relative change of the total momentum in free flight, against Σ m|v|, for the fast
     * mass-spring method. Its momentum is conserved because the rows of the Laplacian in
     * (M + h²Lₖ) x = b sum to zero, so Σ m x = Σ m y up to the sum of the Cholesky solve's residual,
     * about ε ‖A‖ ‖x‖ √n: three solves per iteration, each changing Σ m v by about 10⁻¹⁴ of the
     * momentum scale, against one rounding per spring pair for the projections
     * ({@link #MOMENTUM}). Measured over 200 steps of a 6×6 cloth: 10⁻¹¹.
     */
    public static final double MOMENTUM_DIRECT_SOLVE = 1e-10;

    /**
     * Relative distance, against the largest entry, between two evaluations of the same sums in
     * different orders: a particle's force or a right-hand side summed spring by spring in index
     * order and in the order of the parallel partition (the 10⁻¹² for parallel against
     * single-thread results). Each entry sums about a dozen terms, so the orders differ by a few
     * ulps of the largest, about 10⁻¹⁵.
     */
    public static final double SUMMATION_ORDER = 1e-12;

    /**
     * Relative error of a force of order 10 N summed from a spring force and a weight in a
     * handful of rounded operations: a few ulps (about 10⁻¹⁵); 10⁻¹² leaves room for that, while
     * a wrong sign, factor or term is of order 1.
     */
    public static final double FORCE_ROUND_OFF = 1e-12;

    /**
     * Distance, relative to the amplitude, between a plotted displacement and its exact value: the
     * closed form u₀·cos(ωt), or explicit Euler's own discrete solution
     * u_n = u₀·(1 + h²ω²)^(n/2)·cos(n·atan(hω)), over at most a few hundred steps. Round-off
     * accumulates to about 10⁻¹³ of the amplitude; a wrong factor, phase or time is at least 10⁻⁴.
     */
    public static final double DISPLACEMENT_LAW = 1e-10;

    /**
     * The two-level preconditioner's P⁻¹ r against the same formula B⁻¹ r + W E⁻¹ Wᵀ r formed with
     * dense matrices and EJML's dense inverses, relative to ‖P⁻¹ r‖: both are exact but for the
     * order of the additions, amplified by the condition of E and of the 3×3 blocks.
     */
    public static final double TWO_LEVEL_VS_DENSE = 1e-10;

    /** Symmetry of the two-level preconditioner's P⁻¹ built column by column, relative to its largest entry. */
    public static final double TWO_LEVEL_SYMMETRY = 1e-12;

    /**
     * Symmetry of the multilevel V-cycle B = P⁻¹: |uᵀBv − vᵀBu| relative to ‖u‖‖Bv‖ + ‖v‖‖Bu‖. Both
     * products are the same sum but for the order of the additions, in sweeps and Galerkin
     * matrices that are symmetric to the bit; a pre- and post-smoother that were not each other's
     * transposes would be off by about the smoother's own size, 10⁻¹ or more.
     */
    public static final double MULTILEVEL_SYMMETRY = 1e-12;

    /**
     * A symmetric V-cycle B with a Galerkin hierarchy and A-convergent smoothers has 0 &lt; λ(BA) ≤ 1
     * (its error propagation I − BA is A-non-negative), so yᵀBy ≤ wᵀAw for y = Aw; this much above 1
     * is allowed for rounding.
     */
    public static final double MULTILEVEL_CONTRACTION_SLACK = 1e-10;

    /**
     * Two direct solves of one well-conditioned system (diagonally dominant, κ of order 10), the
     * band Cholesky against EJML's dense LU, relative in the 2-norm: round-off only.
     */
    public static final double DIRECT_SOLVES_AGREE = 1e-12;

    /**
     * Relative distance between a phase-portrait point's radius √(ω²u² + v²) and its law: explicit
     * Euler's r₀·(1 + h²ω²)^(n/2) (its map multiplies r² by exactly 1 + h²ω²), or the modified
     * energy ω²u² + v² − hω²·u·v that symplectic Euler keeps exactly (against its start value),
     * or the closed form's r₀, over at most a few thousand steps. Round-off accumulates to about
     * 10⁻¹³ of the radius; a wrong factor per step, a wrong ω or a plotted u against a plotted v of
     * different instants is at least 10⁻⁴.
     */
    public static final double PHASE_RADIUS_LAW = 1e-9;

    /**
     * The SSOR preconditioner's P⁻¹ r = (D̃ + Lᵀ)⁻¹ D̃ (D̃ + L)⁻¹ r against the same formula formed
     * with dense matrices and EJML's dense inverses, relative to ‖P⁻¹ r‖: round-off amplified by the
     * condition of the triangular factors (of order 10 on a 6 × 6 cloth); a wrong block or a missing
     * spring is of order 10⁻².
     */
    public static final double SSOR_VS_DENSE = 1e-10;

    /**
     * Eisenstat's form of SSOR-preconditioned CG against plain CG with the SSOR preconditioner, at
     * tolerance 10⁻¹⁰: the same iterates in exact arithmetic, so the solutions agree (relative,
     * 2-norm) to round-off amplified by the system's condition; a wrong term in either form changes
     * the iterates at the first digits.
     */
    public static final double SSOR_FORMS_AGREE = 1e-8;

    /**
     * The same two forms' relative residual at each iteration, relative to its value, on top of
     * {@link #SSOR_HISTORY_ROUND_OFF}: the early iterations agree to 10⁻¹²; a wrong term changes
     * the residual at the first digits.
     */
    public static final double SSOR_HISTORIES_AGREE = 1e-6;

    /**
     * The absolute part of that comparison, in units of ‖b‖: the residual vectors are formed by
     * recurrences whose round-off is of order 10⁻¹⁷ ‖b‖ per entry (3·10⁻¹⁷ measured at a residual of
     * 2·10⁻¹¹ ‖b‖), which dominates the last iterations' small residuals.
     */
    public static final double SSOR_HISTORY_ROUND_OFF = 1e-15;

    /**
     * The residual that Eisenstat's form keeps by recurrence, ‖D̃ r̂ + ℓ‖ with ℓ = L r̂, against
     * ‖b − A x‖ computed from x after the same number of iterations, relative to ‖b‖: recurrence
     * round-off over at most 30 iterations, far below the residuals themselves (10⁻¹ to 10⁻¹⁰);
     * a recurrence without the L t term is wrong at the first iteration by a factor of order 1.
     */
    public static final double SSOR_RESIDUAL_RECURRENCE = 1e-12;

    /**
     * How much at least a first-order method's error must shrink when Δt is halved, in a
     * convergence test that shows the error going to 0 rather than measuring its order: the ideal
     * factor is 2 (measured 2.01 on the sphere's slide), and the next error term and the discrete
     * leaving step move it by well under a tenth at the steps used.
     */
    public static final double FIRST_ORDER_HALVING = 1.8;

    /**
     * The velocity with which a particle leaves a sphere it slid over with friction, against an
     * RK4 solve of the sliding ODE, relative, at Δt = 1/8000 s: the contact's step is first order
     * (its error is about 2 Δt/s relative, measured 2.4·10⁻⁴ at this Δt); a normal force without
     * its centripetal part m v²/R leaves several per cent off at any Δt.
     */
    public static final double SLIDE_OFF_SPHERE = 5e-4;

    /**
     * The wind's work W_w on a cloth after 1 s under RK4 at 1/8192 s, against an independent RK4 of
     * the same cloth at 1/16384 s, relative: RK4's own error there, measured 3·10⁻⁹. A wind left
     * out of the balance, or its power taken at the wrong stages, is off at the first digit.
     */
    public static final double WIND_WORK_RK4 = 1e-7;

    /**
     * The same for a first-order method (backward Euler) at 1/8192 s: its O(Δt) error, measured
     * 2.5 % there and halving with Δt (the convergence itself is asserted as a slope).
     */
    public static final double WIND_WORK_FIRST_ORDER = 3e-2;

    /**
     * The wind's total force on a flat cloth at rest against ½ ρ C A |w|² (and its lift and drag
     * parts against the flat-plate law), relative: the triangles tile the square exactly, so the sum
     * differs from the closed form by the round-off of a few hundred additions (10⁻¹⁴); a wrong
     * factor of a third, a half or an area is wrong at the first digit.
     */
    public static final double WIND_FORCE_REL = 1e-12;

    /**
     * A falling rigid triangle's speed against the terminal speed √(2 M g / (ρ C A)) after 40 time
     * constants, relative: the approach is e^(−2 t g / v_t), far below 10⁻⁹ by then, and the steady
     * state of every consistent integrator is the force balance itself. Each corner of equal mass
     * gets a third of the force, so the triangle falls without turning or stretching.
     */
    public static final double TERMINAL_SPEED_REL = 1e-6;

    /**
     * The angle between the wind's arrow as drawn and the wind's image in the view, in degrees: the
     * arrow's ends are placed in doubles from the same unit vector, so they agree to round-off; a
     * wrong sign or a swapped axis is off by 90° or 180°, a yaw or pitch left out by tens of degrees.
     */
    public static final double WIND_ARROW_DEGREES = 0.5;
}
