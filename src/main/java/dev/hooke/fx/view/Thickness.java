package dev.hooke.fx.view;

/**
 * How much thicker than their size in metres the particles and springs are drawn, so that a
 * small view (a projector's 1280 × 720 with the charts below it) still shows them: a particle's
 * sphere is at least {@link #MIN_PARTICLE_PX} px in radius at the distance the camera looks from,
 * never so thick that neighbours at rest length touch. Uses no toolkit class.
 *
 * <p>With a perspective camera of vertical field of view φ at distance d, a length ℓ at the
 * target covers ℓ · h / (2 d tan(φ/2)) of a view h px high; the scale is the factor that
 * brings the radius r up to the minimum, 1 when it is there already:
 * <pre>  s = clamp(MIN_PARTICLE_PX · 2 d tan(φ/2) / (h r), 1, min(MAX_SCALE, MAX_SHARE_OF_REST · ℓ_min / r))</pre>
 */
public final class Thickness {

    /** The least radius a particle's sphere is drawn at, at the camera's distance; in px. */
    public static final double MIN_PARTICLE_PX = 5;
    /** The most a particle's radius may reach, as a share of the shortest rest length: neighbours never touch. */
    public static final double MAX_SHARE_OF_REST = 0.45;
    /** The most the thickness is scaled. */
    static final double MAX_SCALE = 4;
    /** The least change of scale that is applied; smaller ones are not redrawn. */
    static final double SETTLE = 0.03;

    private Thickness() {
    }

    /**
     * Pixels a metre at the target covers.
     *
     * @param viewHeight   the view's height; in px
     * @param distance     the camera's distance from its target; in m
     * @param fieldOfView  the camera's vertical field of view; in degrees
     */
    static double pixelsPerMetre(double viewHeight, double distance, double fieldOfView) {
        return viewHeight / (2 * distance * Math.tan(Math.toRadians(fieldOfView) / 2));
    }

    /**
     * The scale of the particles' and springs' thickness (see the class comment).
     *
     * @param viewHeight   the view's height; in px
     * @param distance     the camera's distance from its target; in m
     * @param fieldOfView  the camera's vertical field of view; in degrees
     * @param radius       a particle's radius; in m
     * @param minRest      the shortest rest length of the mesh; in m
     * @return at least 1; 1 for a view not laid out yet
     */
    static double scale(double viewHeight, double distance, double fieldOfView, double radius, double minRest) {
        if (!(viewHeight > 1) || !(distance > 0) || !(radius > 0)) {
            return 1;
        }
        double wanted = MIN_PARTICLE_PX / (radius * pixelsPerMetre(viewHeight, distance, fieldOfView));
        double most = minRest > 0 ? MAX_SHARE_OF_REST * minRest / radius : 1;
        return Math.max(1, Math.min(MAX_SCALE, Math.min(wanted, most)));
    }
}
