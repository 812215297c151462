package dev.hooke.fx.view;

import dev.hooke.core.model.SpringKind;
import dev.hooke.fx.I18n;
import dev.hooke.fx.mesh.GridMeshBuffer;
import dev.hooke.fx.mesh.TornTriangles;
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
import javafx.geometry.Point3D;
import javafx.scene.input.PickResult;
import javafx.scene.control.Label;
import javafx.scene.layout.Pane;
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
 *
 * <p>The mouse is {@link ViewMouse}'s; compare mode's second system is drawn by a
 * {@link CompareLayer}, the colour map's legend by a {@link ColourLegend}.
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
    /** The sphere obstacle's node, or null. */
    private Sphere obstacle;
    /** Where the sphere obstacle is drawn (engine coordinates), and the scene value it is read from. */
    private final SphereCentre sphereCentre = new SphereCentre();
    private final double[] centre = new double[3];
    private GridMeshBuffer grid;
    private TornTriangles torn;
    private TriangleMesh clothMesh;
    private MeshView clothView;
    private SpringMeshBuffer springs;
    private TriangleMesh springMesh;
    private final Sphere explosionMarker = new Sphere(1, 12);
    /** Compare mode's second system, drawn over the first in one colour, or by the colour map. */
    private final CompareLayer second = new CompareLayer();
    /** Turns the camera, drags and pins particles. */
    private final ViewMouse mouse;
    private float[] positions = new float[0];

    private ColourMap.Mode colourMode = ColourMap.Mode.NONE;
    private PhongMaterial clothMaterial;
    private PhongMaterial springMaterial;
    private SpringKind[] springKinds = new SpringKind[0];
    private int[] springEndA = new int[0];
    private int[] springEndB = new int[0];
    private float[] perParticle = new float[0];
    private int[] perParticleCount = new int[0];
    private final ColourLegend legend;
    /** The wind's direction and speed in the lower right corner, while the scene has wind. */
    private final WindArrow windArrow = new WindArrow();
    /** The hint in the upper left corner: how to drag and pin particles. */
    private final Label hint = new Label();
    /** Where the camera looks: framed on the scene's motion, following a mesh that leaves it. */
    private final CameraFraming camera;
    /** Whether the snapshot shown last had exploded (the camera does not follow a blow-up). */
    private boolean shownExploded;
    /** A spring's radius as a share of a particle's. */
    private static final double SPRING_SHARE = 0.35;
    /** The particles' spheres, rebuilt when the pins change. */
    private final Group particles = new Group();
    private boolean clothScene;
    private double particleRadius;
    /** The shortest rest length of the scene shown; in m. */
    private double minRest;
    /** The scale the particles' and springs' thickness is drawn at ({@link Thickness}). */
    private double thickness = 1;
    /** The pin revision the spheres show (see {@link Snapshot#pinRevision()}). */
    private long shownPinRevision;

    ThreeDView(BooleanProperty wireframe) {
        this.wireframe = wireframe;
        camera = new CameraFraming(orbit);
        world.getTransforms().add(new Rotate(180, Rotate.X_AXIS));
        AmbientLight ambient = new AmbientLight(Color.gray(0.42));
        Group root = new Group(world, orbit.rig(), ambient);
        subScene = new SubScene(root, 400, 300, true, SceneAntialiasing.BALANCED);
        subScene.setId("view3d");
        subScene.setFill(Palette.BACKGROUND);
        subScene.setCamera(orbit.camera());
        subScene.widthProperty().bind(holder.widthProperty());
        subScene.heightProperty().bind(holder.heightProperty());
        // until the camera is turned, zoomed or panned, it keeps the scene framed as the view changes shape
        javafx.beans.InvalidationListener reframe = o -> {
            if (topology != null && !orbit.moved()) {
                resetView();
            }
        };
        subScene.widthProperty().addListener(reframe);
        subScene.heightProperty().addListener(reframe);
        hint.heightProperty().addListener(reframe);
        holder.getChildren().add(subScene);
        holder.setMinSize(100, 100);
        holder.setId("sceneView");
        holder.getStyleClass().add("scene-view");
        mouse = new ViewMouse(subScene, orbit, world, new ViewMouse.Target() {
            @Override
            public int particleAt(PickResult pick) {
                return ThreeDView.this.particleAt(pick);
            }

            @Override
            public float[] positions() {
                return positions;
            }

            @Override
            public void resetView() {
                ThreeDView.this.resetView();
            }

            @Override
            public double[] obstacleAt(PickResult pick) {
                Node hit = pick == null ? null : pick.getIntersectedNode();
                if (obstacle == null || hit != obstacle) {
                    return null;
                }
                return new double[] {obstacle.getTranslateX(), obstacle.getTranslateY(), obstacle.getTranslateZ(),
                    sphereCentre.base(0), sphereCentre.base(1), sphereCentre.base(2)};
            }
        });
        PhongMaterial yellow = new PhongMaterial(Palette.EXPLOSION);
        explosionMarker.setMaterial(yellow);
        explosionMarker.setDrawMode(DrawMode.LINE);
        explosionMarker.setId("explosionMarker");
        explosionMarker.setVisible(false);
        legend = new ColourLegend(holder);
        hint.setId("dragHint");
        hint.getStyleClass().add("drag-hint");
        hint.setStyle("-fx-text-fill: #e8eef5; -fx-background-color: rgba(20,26,36,0.6);"
                + " -fx-padding: 3 6 3 6; -fx-background-radius: 4;");
        hint.setLayoutX(10);
        hint.setLayoutY(10);
        // one line over the view (sayHint), which fades after a few seconds; F1 brings the whole help back
        hint.maxWidthProperty().bind(holder.widthProperty().subtract(20));
        hint.setMouseTransparent(true);
        holder.getChildren().add(hint);
        Node arrow = windArrow.node();
        holder.getChildren().add(arrow);
        javafx.beans.InvalidationListener corner = o -> {
            arrow.setLayoutX(holder.getWidth() - arrow.getLayoutBounds().getWidth() - 10);
            arrow.setLayoutY(holder.getHeight() - arrow.getLayoutBounds().getHeight() - 10);
        };
        holder.widthProperty().addListener(corner);
        holder.heightProperty().addListener(corner);
        arrow.layoutBoundsProperty().addListener(corner);
        orbit.onTurn(() -> windArrow.turn(orbit.yawDegrees(), orbit.pitchDegrees()));
        orbit.onZoom(() -> {
            // a zoom while paused draws no new snapshot: the thickness follows the distance at once
            if (topology != null && spheres != null && thicken() && springs != null && positions != null
                    && positions.length == 3 * topology.particleCount()) {
                springs.update(positions);
                if (springs.takeDirty()) {
                    springMesh.getPoints().set(0, springs.points(), 0, springs.points().length);
                }
            }
        });
        hintTimer.setOnFinished(e -> hintFade.playFromStart());
        hintFade.setFromValue(1);
        hintFade.setToValue(0);
        hintFade.setOnFinished(e -> {
            hint.setVisible(false);
            helpShown = false;
            sayHint();
        });
        localize();
        hintTimer.playFromStart();
    }

    /** How long the hint stays before it fades; in s. */
    public static final double HINT_SECONDS = 6;
    private final javafx.animation.PauseTransition hintTimer =
            new javafx.animation.PauseTransition(javafx.util.Duration.seconds(HINT_SECONDS));
    private final javafx.animation.FadeTransition hintFade =
            new javafx.animation.FadeTransition(javafx.util.Duration.seconds(1), hint);
    /** Whether the hint shows the whole help (F1) rather than its one line. */
    private boolean helpShown;

    @Override
    public void showHelp() {
        helpShown = true;
        sayHint();
        hintFade.stop();
        hint.setOpacity(1);
        hint.setVisible(true);
        hintTimer.playFromStart();
    }

    /** The hint on dragging and pinning (for tests). */
    public Label hint() {
        return hint;
    }

    @Override
    public void setColourMode(ColourMap.Mode mode) {
        colourMode = mode == null ? ColourMap.Mode.NONE : mode;
        legend.forgetScale();
        applyMaterials();
        localize();
    }

    @Override
    public ColourMap.Mode colourMode() {
        return colourMode;
    }

    /** The legend (for tests). */
    public Node legend() {
        return legend.node();
    }

    @Override
    public void localize() {
        legend.localize(colourMode);
        windArrow.localize();
        sayHint();
    }

    /** The wind's arrow (for tests): the node {@code #windArrow}. */
    public Node windArrow() {
        return windArrow.node();
    }

    /** The hint over the view names the sphere only when there is one to drag. */
    private void sayHint() {
        String key = obstacle == null ? "drag" : "dragSphere";
        hint.setWrapText(helpShown);
        hint.setText(I18n.text((helpShown ? "view.help." : "view.hint.") + key));
    }

    private void applyMaterials() {
        boolean on = colourMode != ColourMap.Mode.NONE;
        legend.show(colourMode, grid != null || springs != null);
        if (clothMaterial != null) {
            clothMaterial.setDiffuseMap(on ? Palette.gradient(colourMode)
                    : Palette.stripes(Palette.CLOTH_FRONT, Palette.CLOTH_BACK));
            if (!on) {
                grid.resetColours();
                pushTexCoords();
            }
        }
        second.setColourMode(colourMode);
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

    private void pushTexCoords() {
        pushTexCoords(grid, clothMesh, springs, springMesh);
    }

    /** Copies the texture coordinates of a cloth and of springs that changed to their meshes. */
    static void pushTexCoords(GridMeshBuffer g, TriangleMesh gMesh, SpringMeshBuffer b, TriangleMesh bMesh) {
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
        boolean compared = c != null && second.isBuiltFor(s.topology()) && c.speeds() != null && c.strains() != null
                && c.speeds().length == speeds.length && c.strains().length == strains.length;
        double max = strain ? s.maxStrain() : s.maxSpeed();
        if (compared) {
            double other = strain ? c.maxStrain() : c.maxSpeed();
            if (Double.isFinite(other) && !(other <= max)) {
                max = other;
            }
        }
        double scale = ColourMap.niceCeil(max);
        legend.showScale(colourMode, scale);
        colourMeshes(grid, springs, speeds, strains, scale);
        pushTexCoords();
        if (compared) {
            second.colour((g, b) -> colourMeshes(g, b, c.speeds(), c.strains(), scale));
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

    @Override
    public void interactWith(SimulationRunner r) {
        mouse.interactWith(r);
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

    @Override
    public Node node() {
        return holder;
    }

    @Override
    public float[] shownPositions() {
        return positions;
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
        double w = subScene.getWidth();
        double h = subScene.getHeight();
        double aspect = w > 1 && h > 1 ? w / h : 16.0 / 10;
        double top = hint.isVisible() && h > 1 ? (hint.getLayoutY() + hint.getHeight() + 6) / h : 0;
        camera.frame(topology, aspect, top);
        if (positions != null && positions.length == 3 * topology.particleCount()) {
            camera.follow(positions, shownExploded);       // the mesh as it is now: a fallen or torn cloth stays in view
        }
    }

    /**
     * Where the camera last framed the shown scene (its whole motion in this view's shape, clear
     * of the hint along the top), or null before the first scene.
     */
    public Framing shownFraming() {
        return camera.shown();
    }

    @Override
    public void update(Snapshot s) {
        if (s.topology() != topology) {
            boolean sameFrame = topology != null && topology.type() == s.topology().type()
                    && topology.motion().equals(s.topology().motion());
            build(s.topology());
            buildParticles(s);
            if (!sameFrame) {
                resetView();
            }
        } else if (s.pinRevision() != shownPinRevision) {
            buildParticles(s);
        }
        if (topology.motion() != camera.framed() && !orbit.moved()) {
            resetView();        // the run ahead has found the box the motion sweeps
        }
        float[] x = s.positions();
        positions = x;
        shownExploded = s.explosion() != null;
        camera.follow(x, shownExploded);
        thicken();
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
            if (torn != null && s.strains() != null && s.strains().length == springEndA.length) {
                torn.apply(s.strains(), grid);
                if (grid.takeFacesDirty()) {
                    clothMesh.getFaces().set(0, grid.faces(), 0, grid.faces().length);
                }
            }
        }
        if (obstacle != null && sphereCentre.at(s, centre)) {
            obstacle.setTranslateX(centre[0]);
            obstacle.setTranslateY(centre[1]);
            obstacle.setTranslateZ(centre[2]);
        }
        colour(s);
        second.update(s, grid, springs, spheres, sphereParticle, torn);
    }

    /**
     * Draws the particles and springs at least {@link Thickness#MIN_PARTICLE_PX} px thick at the
     * camera's distance: a small view still shows them. Applied when the scale changes by more
     * than {@link Thickness#SETTLE}; says whether it was.
     */
    private boolean thicken() {
        double want = Thickness.scale(subScene.getHeight(), orbit.distance(), OrbitCamera.FIELD_OF_VIEW,
                particleRadius, minRest);
        boolean rebuilt = spheres.length > 0 && spheres[0].getScaleX() != thickness;
        if (Math.abs(want - thickness) <= Thickness.SETTLE * thickness && !rebuilt) {
            return false;
        }
        thickness = want;
        for (Sphere sphere : spheres) {
            sphere.setScaleX(want);
            sphere.setScaleY(want);
            sphere.setScaleZ(want);
        }
        if (springs != null) {
            springs.setRadius((float) (SPRING_SHARE * particleRadius * want));
        }
        return true;
    }

    /** The scale the particles' and springs' thickness is drawn at: 1 when the view shows them large enough. */
    public double thickness() {
        return thickness;
    }

    private void build(SceneTopology t) {
        mouse.forgetDrag();
        topology = t;
        world.getChildren().clear();
        grid = null;
        torn = null;
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
        minRest = t.minRestLength();
        thickness = 1;

        if (t.hasGround()) {
            world.getChildren().add(ground(t.groundHeight()));
        }
        obstacle = t.sphere() == null ? null : obstacle(t.sphere());
        if (obstacle != null) {
            world.getChildren().add(obstacle);
        }
        sayHint();
        windArrow.showWind(t);
        if (cloth) {
            int n = t.gridSize();
            grid = new GridMeshBuffer(n, n);
            torn = new TornTriangles(n, springEndA, springEndB, springKinds);
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
            springs = new SpringMeshBuffer(a, b, (float) (SPRING_SHARE * r));
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
        second.invalidate();
        world.getChildren().add(second.node());
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
        second.invalidate();            // compare mode's spheres follow these
    }

    /** The sphere obstacle, drawn at its radius (the cloth rests half its thickness above it). */
    private static Sphere obstacle(dev.hooke.core.model.Sphere o) {
        Sphere ball = new Sphere(o.radius(), 64);
        PhongMaterial m = new PhongMaterial(Palette.GROUND_LIGHT);
        m.setSpecularColor(Color.gray(0.35));
        ball.setMaterial(m);
        ball.setTranslateX(o.cx());
        ball.setTranslateY(o.cy());
        ball.setTranslateZ(o.cz());
        ball.setId("obstacleSphere");
        return ball;
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
