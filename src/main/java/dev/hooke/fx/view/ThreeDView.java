package dev.hooke.fx.view;

import dev.hooke.core.model.SpringKind;
import dev.hooke.fx.I18n;
import dev.hooke.fx.controls.Numbers;
import dev.hooke.fx.mesh.GridMeshBuffer;
import dev.hooke.fx.mesh.SpringMeshBuffer;
import dev.hooke.fx.sim.SceneTopology;
import dev.hooke.fx.sim.SimulationRunner;
import dev.hooke.fx.sim.Snapshot;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.scene.AmbientLight;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.SceneAntialiasing;
import javafx.scene.SubScene;
import javafx.scene.input.MouseButton;
import javafx.geometry.Point3D;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.PickResult;
import javafx.scene.input.ScrollEvent;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.paint.CycleMethod;
import javafx.scene.paint.LinearGradient;
import javafx.scene.paint.Stop;
import javafx.scene.shape.Rectangle;
import javafx.scene.paint.Color;
import javafx.scene.paint.PhongMaterial;
import javafx.scene.shape.Box;
import javafx.scene.shape.CullFace;
import javafx.scene.shape.DrawMode;
import javafx.scene.shape.MeshView;
import javafx.scene.shape.Sphere;
import javafx.scene.shape.TriangleMesh;
import javafx.scene.shape.VertexFormat;
import javafx.scene.transform.Rotate;

/**
 * The scene in 3D: a SubScene with a depth buffer and antialiasing, an orbit camera (drag to
 * turn, wheel to zoom, right or middle drag to pan, double-click to reset the view). A particle
 * (a sphere, or the cloth's vertex nearest the point clicked) is dragged with the left button:
 * the simulation holds it on the plane that faces the camera through where it was picked, until
 * the button is released. Ctrl-click pins or frees a particle.
 *
 * <ul>
 *   <li>Particles are spheres (for the cloth only the pinned ones); pinned particles are larger
 *       and red.</li>
 *   <li>Springs (spring, rope, cube) are thin prisms in one mesh, coloured by kind.</li>
 *   <li>The cloth is one shaded triangle mesh, orange in front and blue behind, or a wireframe.</li>
 *   <li>The cube falls onto a checkered ground plane.</li>
 *   <li>A colour map ({@link ColourMap}) may colour the springs and the cloth by speed or by
 *       strain, with a legend in the lower left corner: the mesh's diffuse map is then a 1 × N
 *       gradient and each vertex's texture coordinate u picks its colour (one bulk copy of the
 *       texture coordinates per frame). In compare mode the second system's springs or cloth
 *       are coloured by the same map on one scale, the larger of the two systems' (its
 *       particles keep their own colour, and its cloth is a wireframe).</li>
 *   <li>After an explosion a yellow cage marks the particle where it was found (the first
 *       non-finite value, or the fastest particle).</li>
 * </ul>
 * Each mesh's points are replaced with one bulk copy per frame from its buffer
 * ({@link GridMeshBuffer}, {@link SpringMeshBuffer}). The engine's y axis points up, JavaFX's
 * down: the world group is turned 180° about x, which keeps the handedness.
 */
public final class ThreeDView implements SceneView {

    private final Pane holder = new Pane();
    private final Group world = new Group();
    private final OrbitCamera orbit = new OrbitCamera();
    private final SubScene subScene;
    private final BooleanProperty wireframe;

    private SceneTopology topology;
    private Sphere[] spheres = new Sphere[0];
    private int[] sphereParticle = new int[0];
    private GridMeshBuffer grid;
    private TriangleMesh clothMesh;
    private MeshView clothView;
    private SpringMeshBuffer springs;
    private TriangleMesh springMesh;
    private final Sphere explosionMarker = new Sphere(1, 12);
    /** Compare mode's second system, drawn over the first in one colour, or by the colour map. */
    private final Group second = new Group();
    private SpringMeshBuffer secondSprings;
    private TriangleMesh secondSpringMesh;
    private GridMeshBuffer secondGrid;
    private TriangleMesh secondClothMesh;
    private Sphere[] secondSpheres = new Sphere[0];
    private SceneTopology secondBuiltFor;
    /** The second system's springs or cloth: its own colour, or the colour map's gradient. */
    private PhongMaterial secondMaterial;
    private double lastX;
    private double lastY;
    private SimulationRunner runner;
    private float[] positions = new float[0];
    /** The particle the mouse drags (−1: none). */
    private int dragged = -1;
    /** The drag plane, in the SubScene's coordinates: a point on it and its normal. */
    private Point3D planePoint;
    private Point3D planeNormal;

    private ColourMap.Mode colourMode = ColourMap.Mode.NONE;
    private PhongMaterial clothMaterial;
    private PhongMaterial springMaterial;
    private SpringKind[] springKinds = new SpringKind[0];
    private int[] springEndA = new int[0];
    private int[] springEndB = new int[0];
    private float[] perParticle = new float[0];
    private int[] perParticleCount = new int[0];
    private final VBox legend = new VBox(2);
    private final Label legendTitle = new Label();
    private final Rectangle legendBar = new Rectangle(220, 12);
    private final Label[] legendTicks = new Label[ColourMap.TICKS];
    private double legendScale = Double.NaN;
    /** The hint in the upper left corner: how to drag and pin particles. */
    private final Label hint = new Label();
    /** The particles' spheres, rebuilt when the pins change. */
    private final Group particles = new Group();
    private boolean clothScene;
    private double particleRadius;
    /** The pin revision the spheres show (see {@link Snapshot#pinRevision()}). */
    private long shownPinRevision;

    ThreeDView(BooleanProperty wireframe) {
        this.wireframe = wireframe;
        world.getTransforms().add(new Rotate(180, Rotate.X_AXIS));
        AmbientLight ambient = new AmbientLight(Color.gray(0.42));
        Group root = new Group(world, orbit.rig(), ambient);
        subScene = new SubScene(root, 400, 300, true, SceneAntialiasing.BALANCED);
        subScene.setId("view3d");
        subScene.setFill(Palette.BACKGROUND);
        subScene.setCamera(orbit.camera());
        subScene.widthProperty().bind(holder.widthProperty());
        subScene.heightProperty().bind(holder.heightProperty());
        holder.getChildren().add(subScene);
        holder.setMinSize(100, 100);
        holder.setId("sceneView");
        holder.getStyleClass().add("scene-view");
        installMouse();
        PhongMaterial yellow = new PhongMaterial(Palette.EXPLOSION);
        explosionMarker.setMaterial(yellow);
        explosionMarker.setDrawMode(DrawMode.LINE);
        explosionMarker.setId("explosionMarker");
        explosionMarker.setVisible(false);
        buildLegend();
        hint.setId("dragHint");
        hint.getStyleClass().add("drag-hint");
        hint.setStyle("-fx-text-fill: #e8eef5; -fx-background-color: rgba(20,26,36,0.6);"
                + " -fx-padding: 3 6 3 6; -fx-background-radius: 4;");
        hint.setLayoutX(10);
        hint.setLayoutY(10);
        hint.setMouseTransparent(true);
        holder.getChildren().add(hint);
        localize();
    }

    /** The hint on dragging and pinning (for tests). */
    public Label hint() {
        return hint;
    }

    private void buildLegend() {
        HBox ticks = new HBox();
        for (int i = 0; i < legendTicks.length; i++) {
            legendTicks[i] = new Label();
            legendTicks[i].getStyleClass().add("legend-tick");
            if (i > 0) {
                Region gap = new Region();
                HBox.setHgrow(gap, Priority.ALWAYS);
                ticks.getChildren().add(gap);
            }
            ticks.getChildren().add(legendTicks[i]);
        }
        ticks.setPrefWidth(legendBar.getWidth());
        ticks.setMaxWidth(legendBar.getWidth());
        legendTitle.getStyleClass().add("legend-title");
        legend.getChildren().addAll(legendTitle, legendBar, ticks);
        legend.setId("colourLegend");
        legend.getStyleClass().add("colour-legend");
        legend.setStyle("-fx-background-color: rgba(20,26,36,0.75); -fx-padding: 6; -fx-background-radius: 4;");
        legendTitle.setStyle("-fx-text-fill: #e8eef5;");
        legend.setLayoutX(10);
        legend.layoutYProperty().bind(holder.heightProperty().subtract(legend.heightProperty()).subtract(10));
        legend.setMouseTransparent(true);
        legend.setVisible(false);
        holder.getChildren().add(legend);
    }

    @Override
    public void setColourMode(ColourMap.Mode mode) {
        colourMode = mode == null ? ColourMap.Mode.NONE : mode;
        legendScale = Double.NaN;
        applyMaterials();
        localize();
    }

    @Override
    public ColourMap.Mode colourMode() {
        return colourMode;
    }

    /** The legend (for tests). */
    public Node legend() {
        return legend;
    }

    @Override
    public void localize() {
        legendTitle.setText(colourMode == ColourMap.Mode.STRAIN ? I18n.text("view.legend.strain")
                : I18n.text("view.legend.speed"));
        hint.setText(I18n.text("view.hint.drag"));
    }

    private void applyMaterials() {
        boolean on = colourMode != ColourMap.Mode.NONE;
        legend.setVisible(on && (grid != null || springs != null));
        if (on) {
            Stop[] stops = new Stop[Palette.stops(colourMode).length];
            Color[] c = Palette.stops(colourMode);
            for (int i = 0; i < c.length; i++) {
                stops[i] = new Stop((double) i / (c.length - 1), c[i]);
            }
            legendBar.setFill(new LinearGradient(0, 0, 1, 0, true, CycleMethod.NO_CYCLE, stops));
        }
        if (clothMaterial != null) {
            clothMaterial.setDiffuseMap(on ? Palette.gradient(colourMode)
                    : Palette.stripes(Palette.CLOTH_FRONT, Palette.CLOTH_BACK));
            if (!on) {
                grid.resetColours();
                pushTexCoords();
            }
        }
        applySecondMaterial();
        if (springMaterial != null) {
            springMaterial.setDiffuseMap(on ? Palette.gradient(colourMode)
                    : Palette.stripes(Palette.STRUCTURAL, Palette.SHEAR, Palette.BEND));
            if (!on) {
                for (int s = 0; s < springKinds.length; s++) {
                    springs.setColour(s, Palette.u(springKinds[s].ordinal(), SpringKind.values().length));
                }
                pushTexCoords();
            }
        }
    }

    /** The second system's material: the colour map's gradient while one is chosen, else its own colour. */
    private void applySecondMaterial() {
        if (secondMaterial == null) {
            return;
        }
        boolean on = colourMode != ColourMap.Mode.NONE;
        secondMaterial.setDiffuseColor(on ? Color.WHITE : Palette.COMPARE);
        secondMaterial.setDiffuseMap(on ? Palette.gradient(colourMode) : null);
    }

    private void pushTexCoords() {
        pushTexCoords(grid, clothMesh, springs, springMesh);
    }

    private static void pushTexCoords(GridMeshBuffer g, TriangleMesh gMesh, SpringMeshBuffer b, TriangleMesh bMesh) {
        if (g != null && g.takeTexCoordsDirty()) {
            gMesh.getTexCoords().set(0, g.texCoords(), 0, g.texCoords().length);
        }
        if (b != null && b.takeTexCoordsDirty()) {
            bMesh.getTexCoords().set(0, b.texCoords(), 0, b.texCoords().length);
        }
    }

    /** Colours the meshes by the snapshot's speeds or strains (when a colour map is chosen). */
    private void colour(Snapshot s) {
        if (colourMode == ColourMap.Mode.NONE || s.speeds() == null || s.strains() == null) {
            return;
        }
        boolean strain = colourMode == ColourMap.Mode.STRAIN;
        float[] speeds = s.speeds();
        float[] strains = s.strains();
        if (speeds.length != perParticle.length || strains.length != springEndA.length) {
            return;
        }
        Snapshot.Compare c = s.compare();
        boolean second = c != null && secondBuiltFor == s.topology() && c.speeds() != null && c.strains() != null
                && c.speeds().length == speeds.length && c.strains().length == strains.length;
        double max = strain ? s.maxStrain() : s.maxSpeed();
        if (second) {
            double other = strain ? c.maxStrain() : c.maxSpeed();
            if (Double.isFinite(other) && !(other <= max)) {
                max = other;
            }
        }
        double scale = ColourMap.niceCeil(max);
        if (scale != legendScale) {
            legendScale = scale;
            double[] ticks = ColourMap.ticks(colourMode, scale);
            for (int i = 0; i < ticks.length; i++) {
                legendTicks[i].setText(Numbers.format(ticks[i]));
            }
        }
        colourMeshes(grid, springs, speeds, strains, scale);
        pushTexCoords();
        if (second) {
            colourMeshes(secondGrid, secondSprings, c.speeds(), c.strains(), scale);
            pushTexCoords(secondGrid, secondClothMesh, secondSprings, secondSpringMesh);
        }
    }

    /** Sets the texture coordinates of a cloth or springs mesh from one system's speeds or strains. */
    private void colourMeshes(GridMeshBuffer g, SpringMeshBuffer b, float[] speeds, float[] strains, double scale) {
        boolean strain = colourMode == ColourMap.Mode.STRAIN;
        if (g != null) {
            float[] values = speeds;
            if (strain) {
                ColourMap.meanPerParticle(springEndA, springEndB, strains, perParticle, perParticleCount);
                values = perParticle;
            }
            for (int p = 0; p < g.vertexCount(); p++) {
                g.setColour(p, ColourMap.u(ColourMap.t(colourMode, values[p], scale)));
            }
        }
        if (b != null) {
            for (int sp = 0; sp < springEndA.length; sp++) {
                double value = strain ? strains[sp] : 0.5 * (speeds[springEndA[sp]] + speeds[springEndB[sp]]);
                b.setColour(sp, ColourMap.u(ColourMap.t(colourMode, value, scale)));
            }
        }
    }

    private void installMouse() {
        subScene.addEventHandler(MouseEvent.MOUSE_PRESSED, e -> {
            lastX = e.getSceneX();
            lastY = e.getSceneY();
            int picked = runner == null || e.getButton() != MouseButton.PRIMARY || e.isShiftDown()
                    ? -1 : particleAt(e.getPickResult());
            if (picked >= 0 && e.isControlDown()) {
                runner.togglePin(picked);
            } else if (picked >= 0) {
                startDrag(picked);
            } else if (e.getClickCount() == 2 && e.getButton() == MouseButton.PRIMARY) {
                resetView();
            }
        });
        subScene.addEventHandler(MouseEvent.MOUSE_RELEASED, e -> {
            if (dragged >= 0) {
                dragged = -1;
                runner.release();
            }
        });
        subScene.addEventHandler(MouseEvent.MOUSE_DRAGGED, e -> {
            if (dragged >= 0) {
                drag(e.getX(), e.getY());
                return;
            }
            double dx = e.getSceneX() - lastX;
            double dy = e.getSceneY() - lastY;
            lastX = e.getSceneX();
            lastY = e.getSceneY();
            if (e.isPrimaryButtonDown() && !e.isShiftDown()) {
                orbit.rotate(dx, dy);
            } else {
                orbit.pan(dx, dy, subScene.getHeight());
            }
        });
        subScene.addEventHandler(ScrollEvent.SCROLL, e -> orbit.zoom(Math.exp(-e.getDeltaY() * 0.0025)));
    }

    @Override
    public void interactWith(SimulationRunner r) {
        runner = r;
    }

    /** The particle under a pick: a sphere's, or the cloth's vertex nearest the point hit; −1 for none. */
    private int particleAt(PickResult pick) {
        Node hit = pick == null ? null : pick.getIntersectedNode();
        if (hit == null) {
            return -1;
        }
        for (int j = 0; j < spheres.length; j++) {
            if (spheres[j] == hit) {
                return sphereParticle[j];
            }
        }
        if (hit == clothView && clothView != null) {
            return nearest(pick.getIntersectedPoint());
        }
        return -1;
    }

    /** The particle nearest {@code p} (engine coordinates, as the cloth mesh's local ones). */
    private int nearest(Point3D p) {
        int best = -1;
        double bestD2 = Double.POSITIVE_INFINITY;
        for (int i = 0; 3 * i + 2 < positions.length; i++) {
            double dx = positions[3 * i] - p.getX();
            double dy = positions[3 * i + 1] - p.getY();
            double dz = positions[3 * i + 2] - p.getZ();
            double d2 = dx * dx + dy * dy + dz * dz;
            if (d2 < bestD2) {
                bestD2 = d2;
                best = i;
            }
        }
        return best;
    }

    /** Holds particle i where it is, on a plane through it facing the camera. */
    private void startDrag(int i) {
        int q = 3 * i;
        if (q + 2 >= positions.length) {
            return;
        }
        dragged = i;
        planePoint = world.localToScene(new Point3D(positions[q], positions[q + 1], positions[q + 2]));
        Point3D eye = orbit.camera().localToScene(Point3D.ZERO);
        planeNormal = orbit.camera().localToScene(new Point3D(0, 0, 1)).subtract(eye).normalize();
        runner.grab(i, positions[q], positions[q + 1], positions[q + 2]);
    }

    /**
     * Moves the held particle to where the ray from the eye through the mouse at (sx, sy) (the
     * SubScene's pixels) meets the drag plane. The ray's direction in the camera's frame is
     * ((sx − w/2)·s, (sy − h/2)·s, 1) with s = 2·tan(θ/2)/h, θ the vertical field of view (the
     * pinhole projection JavaFX's perspective camera uses); the plane through P with normal n is
     * met at O + t·D, t = n·(P − O) / n·D.
     */
    private void drag(double sx, double sy) {
        double w = subScene.getWidth();
        double h = subScene.getHeight();
        double s = 2 * Math.tan(Math.toRadians(OrbitCamera.FIELD_OF_VIEW / 2)) / Math.max(1, h);
        Point3D eye = orbit.camera().localToScene(Point3D.ZERO);
        Point3D direction = orbit.camera().localToScene(new Point3D((sx - w / 2) * s, (sy - h / 2) * s, 1))
                .subtract(eye);
        double facing = planeNormal.dotProduct(direction);
        if (Math.abs(facing) < 1e-9) {
            return;
        }
        double t = planeNormal.dotProduct(planePoint.subtract(eye)) / facing;
        if (!(t > 0)) {
            return;
        }
        Point3D there = world.sceneToLocal(eye.add(direction.multiply(t)));
        if (there != null) {
            runner.grab(dragged, there.getX(), there.getY(), there.getZ());
        }
    }

    @Override
    public Node node() {
        return holder;
    }

    @Override
    public boolean is3D() {
        return true;
    }

    /** The SubScene (for snapshots). */
    public SubScene subScene() {
        return subScene;
    }

    @Override
    public void resetView() {
        if (topology == null) {
            return;
        }
        Framing f = Framing.of(topology.type());
        orbit.look(f.cx(), -f.cy(), -f.cz(), f.yaw(), f.pitch(), f.distance(OrbitCamera.FIELD_OF_VIEW, 0.9));
    }

    @Override
    public void update(Snapshot s) {
        if (s.topology() != topology) {
            boolean sameScene = topology != null && topology.type() == s.topology().type();
            build(s.topology());
            buildParticles(s);
            if (!sameScene) {
                resetView();
            }
        } else if (s.pinRevision() != shownPinRevision) {
            buildParticles(s);
        }
        float[] x = s.positions();
        positions = x;
        for (int j = 0; j < spheres.length; j++) {
            int q = 3 * sphereParticle[j];
            spheres[j].setTranslateX(x[q]);
            spheres[j].setTranslateY(x[q + 1]);
            spheres[j].setTranslateZ(x[q + 2]);
        }
        if (springs != null) {
            springs.update(x);
            if (springs.takeDirty()) {
                springMesh.getPoints().set(0, springs.points(), 0, springs.points().length);
            }
        }
        int origin = s.explosion() == null ? -1 : s.explosion().particle();
        explosionMarker.setVisible(origin >= 0 && origin < s.topology().particleCount());
        if (explosionMarker.isVisible()) {
            explosionMarker.setTranslateX(x[3 * origin]);
            explosionMarker.setTranslateY(x[3 * origin + 1]);
            explosionMarker.setTranslateZ(x[3 * origin + 2]);
        }
        if (grid != null) {
            grid.update(x);
            if (grid.takeDirty()) {
                clothMesh.getPoints().set(0, grid.points(), 0, grid.points().length);
            }
        }
        colour(s);
        updateSecond(s);
    }

    private void updateSecond(Snapshot s) {
        Snapshot.Compare c = s.compare();
        boolean on = c != null && c.positions().length == s.positions().length;
        second.setVisible(on);
        if (!on) {
            return;
        }
        if (secondBuiltFor != s.topology()) {
            buildSecond(s.topology());
        }
        float[] y = c.positions();
        for (int j = 0; j < secondSpheres.length; j++) {
            int q = 3 * sphereParticle[j];
            secondSpheres[j].setTranslateX(y[q]);
            secondSpheres[j].setTranslateY(y[q + 1]);
            secondSpheres[j].setTranslateZ(y[q + 2]);
        }
        if (secondSprings != null) {
            secondSprings.update(y);
            if (secondSprings.takeDirty()) {
                secondSpringMesh.getPoints().set(0, secondSprings.points(), 0, secondSprings.points().length);
            }
        }
        if (secondGrid != null) {
            secondGrid.update(y);
            if (secondGrid.takeDirty()) {
                secondClothMesh.getPoints().set(0, secondGrid.points(), 0, secondGrid.points().length);
            }
        }
    }

    /** The second system: springs and particles in one colour; a cloth as a wireframe. */
    private void buildSecond(SceneTopology t) {
        secondBuiltFor = t;
        second.getChildren().clear();
        secondSprings = null;
        secondGrid = null;
        PhongMaterial m = new PhongMaterial(Palette.COMPARE);
        m.setSpecularColor(Color.gray(0.4));
        PhongMaterial mesh = new PhongMaterial(Palette.COMPARE);
        mesh.setSpecularColor(Color.gray(0.4));
        secondMaterial = mesh;
        applySecondMaterial();
        if (grid != null) {
            secondGrid = new GridMeshBuffer(grid.rows(), grid.cols());
            secondClothMesh = new TriangleMesh(VertexFormat.POINT_TEXCOORD);
            secondClothMesh.getPoints().setAll(secondGrid.points());
            secondClothMesh.getTexCoords().setAll(secondGrid.texCoords());
            secondClothMesh.getFaces().setAll(secondGrid.faces());
            secondClothMesh.getFaceSmoothingGroups().setAll(secondGrid.smoothingGroups());
            MeshView v = new MeshView(secondClothMesh);
            v.setId("compareClothMesh");
            v.setMaterial(mesh);
            v.setDrawMode(DrawMode.LINE);
            v.setCullFace(CullFace.NONE);
            second.getChildren().add(v);
        } else if (springs != null) {
            int[] a = new int[t.springCount()];
            int[] b = new int[t.springCount()];
            for (int sp = 0; sp < a.length; sp++) {
                a[sp] = t.springA(sp);
                b[sp] = t.springB(sp);
            }
            secondSprings = new SpringMeshBuffer(a, b, springs.radius());
            secondSpringMesh = new TriangleMesh(VertexFormat.POINT_TEXCOORD);
            secondSpringMesh.getPoints().setAll(secondSprings.points());
            secondSpringMesh.getTexCoords().setAll(secondSprings.texCoords());
            secondSpringMesh.getFaces().setAll(secondSprings.faces());
            secondSpringMesh.getFaceSmoothingGroups().setAll(secondSprings.smoothingGroups());
            MeshView v = new MeshView(secondSpringMesh);
            v.setId("compareSpringMesh");
            v.setMaterial(mesh);
            v.setCullFace(CullFace.BACK);
            second.getChildren().add(v);
        }
        secondSpheres = new Sphere[spheres.length];
        for (int j = 0; j < spheres.length; j++) {
            Sphere sp = new Sphere(spheres[j].getRadius() * 0.9, 16);
            sp.setMaterial(m);
            secondSpheres[j] = sp;
            second.getChildren().add(sp);
        }
    }

    private void build(SceneTopology t) {
        dragged = -1;
        topology = t;
        world.getChildren().clear();
        grid = null;
        springs = null;
        clothView = null;
        clothMaterial = null;
        springMaterial = null;
        springEndA = new int[t.springCount()];
        springEndB = new int[t.springCount()];
        springKinds = new SpringKind[t.springCount()];
        for (int s = 0; s < springEndA.length; s++) {
            springEndA[s] = t.springA(s);
            springEndB[s] = t.springB(s);
            springKinds[s] = t.springKind(s);
        }
        perParticle = new float[t.particleCount()];
        perParticleCount = new int[t.particleCount()];
        boolean cloth = t.type().recipe().isSurface() && t.gridSize() >= 2;
        double r = Math.min(0.2 * t.minRestLength(), 0.07);

        if (t.hasGround()) {
            world.getChildren().add(ground(t.groundHeight()));
        }
        if (cloth) {
            int n = t.gridSize();
            grid = new GridMeshBuffer(n, n);
            clothMesh = new TriangleMesh(VertexFormat.POINT_TEXCOORD);
            clothMesh.getPoints().setAll(grid.points());
            clothMesh.getTexCoords().setAll(grid.texCoords());
            clothMesh.getFaces().setAll(grid.faces());
            clothMesh.getFaceSmoothingGroups().setAll(grid.smoothingGroups());
            clothView = new MeshView(clothMesh);
            clothView.setId("clothMesh");
            PhongMaterial m = new PhongMaterial(Color.WHITE);
            m.setDiffuseMap(Palette.stripes(Palette.CLOTH_FRONT, Palette.CLOTH_BACK));
            m.setSpecularColor(Color.gray(0.25));
            m.setSpecularPower(24);
            clothView.setMaterial(m);
            clothMaterial = m;
            clothView.setCullFace(CullFace.BACK);
            clothView.drawModeProperty().bind(Bindings.when(wireframe)
                    .then(DrawMode.LINE).otherwise(DrawMode.FILL));
            world.getChildren().add(clothView);
        } else if (t.springCount() > 0) {
            int[] a = new int[t.springCount()];
            int[] b = new int[t.springCount()];
            for (int s = 0; s < a.length; s++) {
                a[s] = t.springA(s);
                b[s] = t.springB(s);
            }
            springs = new SpringMeshBuffer(a, b, (float) (0.35 * r));
            SpringKind[] kinds = SpringKind.values();
            for (int s = 0; s < a.length; s++) {
                springs.setColour(s, Palette.u(t.springKind(s).ordinal(), kinds.length));
            }
            springs.takeTexCoordsDirty();
            springMesh = new TriangleMesh(VertexFormat.POINT_TEXCOORD);
            springMesh.getPoints().setAll(springs.points());
            springMesh.getTexCoords().setAll(springs.texCoords());
            springMesh.getFaces().setAll(springs.faces());
            springMesh.getFaceSmoothingGroups().setAll(springs.smoothingGroups());
            MeshView view = new MeshView(springMesh);
            view.setId("springMesh");
            PhongMaterial m = new PhongMaterial(Color.WHITE);
            m.setDiffuseMap(Palette.stripes(Palette.STRUCTURAL, Palette.SHEAR, Palette.BEND));
            m.setSpecularColor(Color.gray(0.3));
            view.setMaterial(m);
            springMaterial = m;
            view.setCullFace(CullFace.BACK);
            world.getChildren().add(view);
        }

        clothScene = cloth;
        particleRadius = r;
        particles.getChildren().clear();
        spheres = new Sphere[0];
        sphereParticle = new int[0];
        world.getChildren().add(particles);
        explosionMarker.setRadius(Math.max(3 * r, 0.04));
        world.getChildren().add(explosionMarker);
        secondBuiltFor = null;
        world.getChildren().add(second);
        applyMaterials();
    }

    /**
     * The particles' spheres as the snapshot's pins say: pinned ones larger and red; on the cloth
     * only the pinned ones. Called at a rebuild and when the pins change, not every frame.
     */
    private void buildParticles(Snapshot s) {
        shownPinRevision = s.pinRevision();
        SceneTopology t = s.topology();
        boolean cloth = clothScene;
        double r = particleRadius;
        int count = 0;
        for (int i = 0; i < t.particleCount(); i++) {
            if (!cloth || s.isPinned(i)) {
                count++;
            }
        }
        spheres = new Sphere[count];
        sphereParticle = new int[count];
        PhongMaterial free = new PhongMaterial(Palette.PARTICLE);
        free.setSpecularColor(Color.gray(0.5));
        PhongMaterial pinned = new PhongMaterial(Palette.PINNED);
        pinned.setSpecularColor(Color.gray(0.5));
        java.util.List<Node> nodes = new java.util.ArrayList<>(count);
        int j = 0;
        for (int i = 0; i < t.particleCount(); i++) {
            boolean pin = s.isPinned(i);
            if (cloth && !pin) {
                continue;
            }
            Sphere sphere = new Sphere(pin ? (cloth ? 2.5 * r : 1.35 * r) : r, 24);
            sphere.setMaterial(pin ? pinned : free);
            sphere.getStyleClass().add(pin ? "pinned-particle" : "particle");
            spheres[j] = sphere;
            sphereParticle[j] = i;
            nodes.add(sphere);
            j++;
        }
        particles.getChildren().setAll(nodes);
        secondBuiltFor = null;          // compare mode's spheres follow these
    }

    private static Node ground(double height) {
        double size = 4;
        double thickness = 0.02;
        Box box = new Box(size, thickness, size);
        box.setTranslateY(height - thickness / 2);
        PhongMaterial m = new PhongMaterial(Color.WHITE);
        m.setDiffuseMap(Palette.checker(16, 8, Palette.GROUND_LIGHT, Palette.GROUND_DARK));
        m.setSpecularColor(Color.gray(0.1));
        box.setMaterial(m);
        box.setId("ground");
        return box;
    }
}
