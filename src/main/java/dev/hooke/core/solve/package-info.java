/**
 * The linear algebra of the implicit step: the spring Jacobian blocks ({@link
 * dev.hooke.core.solve.SpringJacobian}), the assembled matrix M − τ ∂F/∂v − τ² ∂F/∂x on the free
 * degrees of freedom ({@link dev.hooke.core.solve.SystemMatrix}), and the solvers behind one
 * interface ({@link dev.hooke.core.solve.LinearSolver}): preconditioned conjugate gradients
 * ({@link dev.hooke.core.solve.ConjugateGradient} with {@link dev.hooke.core.solve.PreconditionerKind}
 * none, Jacobi or 3×3 block-Jacobi) and a direct sparse Cholesky factorisation through EJML
 * ({@link dev.hooke.core.solve.SparseCholesky}). Every solve reports what happened in a
 * {@link dev.hooke.core.solve.LinearSolveStats}; numerical trouble is reported, never thrown.
 *
 * <p>Sources: D. Baraff, A. Witkin, "Large Steps in Cloth Simulation", SIGGRAPH 1998; K.-J. Choi,
 * H.-S. Ko, "Stable but Responsive Cloth", SIGGRAPH 2002 (the compression clamp); J. R. Shewchuk,
 * "An Introduction to the Conjugate Gradient Method Without the Agonizing Pain", 1994; T. Davis,
 * "Direct Methods for Sparse Linear Systems", SIAM 2006 (the up-looking Cholesky EJML implements).
 */
package dev.hooke.core.solve;
