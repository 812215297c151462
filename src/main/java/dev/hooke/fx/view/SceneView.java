package dev.hooke.fx.view;

import dev.hooke.fx.I18n;
import dev.hooke.fx.sim.Snapshot;
import javafx.application.ConditionalFeature;
import javafx.application.Platform;
import javafx.beans.property.BooleanProperty;
import javafx.scene.Node;

/** The drawing of the simulated scene in the middle of the window. */
public interface SceneView {

    /** Shows the help on dragging, pinning and turning over the view for a few seconds (F1). */
    default void showHelp() {
    }

    /** The message shown where the graphics pipeline cannot draw in 3D, in the language in use. */
    static String no3dMessage() {
        return I18n.text("view.no3d");
    }

    /** Writes the view's texts in the language in use. */
    default void localize() {
    }

    /** Chooses what the meshes are coloured by (a view that cannot colour ignores it). */
    default void setColourMode(ColourMap.Mode mode) {
    }

    /** What the meshes are coloured by. */
    default ColourMap.Mode colourMode() {
        return ColourMap.Mode.NONE;
    }

    /** The node to put into the window. */
    Node node();

    /** Draws a snapshot (FX thread). */
    void update(Snapshot s);

    /**
     * The particle positions the view drew last, {@code 3*i+k} (the live state's, or an overlay's
     * such as a mode's shape); empty before the first snapshot. Not to be written.
     */
    float[] shownPositions();

    /** Puts the camera back where the scene's framing wants it. */
    void resetView();

    /**
     * Lets the mouse grab, drag and pin particles through {@code runner} (where the view can
     * pick them; the flat view cannot).
     */
    default void interactWith(dev.hooke.fx.sim.SimulationRunner runner) {
    }

    /** Whether this view draws in 3D. */
    boolean is3D();

    /**
     * A 3D view where the pipeline supports 3D, otherwise a flat projection with a message.
     *
     * @param wireframe whether the cloth is drawn as a wireframe
     */
    static SceneView create(BooleanProperty wireframe) {
        return Platform.isSupported(ConditionalFeature.SCENE3D) ? new ThreeDView(wireframe) : new FlatView();
    }
}
