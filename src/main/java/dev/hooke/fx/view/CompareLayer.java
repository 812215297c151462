package dev.hooke.fx.view;

import dev.hooke.fx.mesh.GridMeshBuffer;
import dev.hooke.fx.mesh.SpringMeshBuffer;
import dev.hooke.fx.mesh.TornTriangles;
import dev.hooke.fx.sim.SceneTopology;
import dev.hooke.fx.sim.Snapshot;
import java.util.function.BiConsumer;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.paint.Color;
import javafx.scene.paint.PhongMaterial;
import javafx.scene.shape.CullFace;
import javafx.scene.shape.DrawMode;
import javafx.scene.shape.MeshView;
import javafx.scene.shape.Sphere;
import javafx.scene.shape.TriangleMesh;
import javafx.scene.shape.VertexFormat;

/**
 * Compare mode's second system in the 3D view, drawn over the first: its springs and particles in
 * one colour ({@code compareSpringMesh}), its cloth as a wireframe ({@code compareClothMesh}), or
 * its springs or cloth coloured by the view's colour map on the first system's scale. It is built
 * the first time a comparison shows a scene's topology, shaped like the first system's meshes and
 * spheres, and is hidden when no comparison runs.
 */
final class CompareLayer {

    private final Group group = new Group();
    private SpringMeshBuffer springs;
    private TriangleMesh springMesh;
    private GridMeshBuffer grid;
    private TriangleMesh clothMesh;
    private Sphere[] spheres = new Sphere[0];
    /** The topology the layer was built for (null: to be built afresh). */
    private SceneTopology builtFor;
    /** The springs' or cloth's material: its own colour, or the colour map's gradient. */
    private PhongMaterial material;
    private ColourMap.Mode colourMode = ColourMap.Mode.NONE;

    /** The layer's group, which the view adds to its world. */
    Node node() {
        return group;
    }

    /** Builds the layer afresh at the next update (the first system's nodes changed). */
    void invalidate() {
        builtFor = null;
    }

    /** Whether the layer shows the topology {@code t}. */
    boolean isBuiltFor(SceneTopology t) {
        return builtFor == t;
    }

    /** The material follows the colour map: its gradient while one is chosen, else the layer's own colour. */
    void setColourMode(ColourMap.Mode mode) {
        colourMode = mode;
        if (material == null) {
            return;
        }
        boolean on = colourMode != ColourMap.Mode.NONE;
        material.setDiffuseColor(on ? Color.WHITE : Palette.COMPARE);
        material.setDiffuseMap(on ? Palette.gradient(colourMode) : null);
    }

    /**
     * Colours the layer's cloth or springs with {@code paint} (which sets each vertex's or
     * spring's texture coordinate) and copies the texture coordinates to the meshes.
     */
    void colour(BiConsumer<GridMeshBuffer, SpringMeshBuffer> paint) {
        paint.accept(grid, springs);
        ThreeDView.pushTexCoords(grid, clothMesh, springs, springMesh);
    }

    /**
     * Shows the snapshot's second system, building the layer when its topology is new; hides the
     * layer when no comparison runs.
     *
     * @param s              the snapshot
     * @param mainGrid       the first system's cloth (null when not a cloth)
     * @param mainSprings    the first system's springs (null when the scene has none drawn)
     * @param mainSpheres    the first system's spheres
     * @param sphereParticle the particle of each of the first system's spheres
     * @param torn           which of the cloth's triangles a tear hides (null when not a cloth)
     */
    void update(Snapshot s, GridMeshBuffer mainGrid, SpringMeshBuffer mainSprings, Sphere[] mainSpheres,
            int[] sphereParticle, TornTriangles torn) {
        Snapshot.Compare c = s.compare();
        boolean on = c != null && c.positions().length == s.positions().length;
        group.setVisible(on);
        if (!on) {
            return;
        }
        if (builtFor != s.topology()) {
            build(s.topology(), mainGrid, mainSprings, mainSpheres);
        }
        float[] y = c.positions();
        for (int j = 0; j < spheres.length; j++) {
            double scale = mainSpheres[j].getScaleX();       // drawn as thick as the first system's
            if (spheres[j].getScaleX() != scale) {
                spheres[j].setScaleX(scale);
                spheres[j].setScaleY(scale);
                spheres[j].setScaleZ(scale);
            }
            int q = 3 * sphereParticle[j];
            spheres[j].setTranslateX(y[q]);
            spheres[j].setTranslateY(y[q + 1]);
            spheres[j].setTranslateZ(y[q + 2]);
        }
        if (springs != null) {
            springs.setRadius(mainSprings.radius());
            springs.update(y);
            if (springs.takeDirty()) {
                springMesh.getPoints().set(0, springs.points(), 0, springs.points().length);
            }
        }
        if (grid != null) {
            grid.update(y);
            if (grid.takeDirty()) {
                clothMesh.getPoints().set(0, grid.points(), 0, grid.points().length);
            }
            if (torn != null && c.strains() != null && c.strains().length == s.topology().springCount()) {
                torn.apply(c.strains(), grid);
                if (grid.takeFacesDirty()) {
                    clothMesh.getFaces().set(0, grid.faces(), 0, grid.faces().length);
                }
            }
        }
    }

    /** The second system: springs and particles in one colour; a cloth as a wireframe. */
    private void build(SceneTopology t, GridMeshBuffer mainGrid, SpringMeshBuffer mainSprings, Sphere[] mainSpheres) {
        builtFor = t;
        group.getChildren().clear();
        springs = null;
        grid = null;
        PhongMaterial m = new PhongMaterial(Palette.COMPARE);
        m.setSpecularColor(Color.gray(0.4));
        PhongMaterial mesh = new PhongMaterial(Palette.COMPARE);
        mesh.setSpecularColor(Color.gray(0.4));
        material = mesh;
        setColourMode(colourMode);
        if (mainGrid != null) {
            grid = new GridMeshBuffer(mainGrid.rows(), mainGrid.cols());
            clothMesh = new TriangleMesh(VertexFormat.POINT_TEXCOORD);
            clothMesh.getPoints().setAll(grid.points());
            clothMesh.getTexCoords().setAll(grid.texCoords());
            clothMesh.getFaces().setAll(grid.faces());
            clothMesh.getFaceSmoothingGroups().setAll(grid.smoothingGroups());
            MeshView v = new MeshView(clothMesh);
            v.setId("compareClothMesh");
            v.setMaterial(mesh);
            v.setDrawMode(DrawMode.LINE);
            v.setCullFace(CullFace.NONE);
            group.getChildren().add(v);
        } else if (mainSprings != null) {
            int[] a = new int[t.springCount()];
            int[] b = new int[t.springCount()];
            for (int sp = 0; sp < a.length; sp++) {
                a[sp] = t.springA(sp);
                b[sp] = t.springB(sp);
            }
            springs = new SpringMeshBuffer(a, b, mainSprings.radius());
            springMesh = new TriangleMesh(VertexFormat.POINT_TEXCOORD);
            springMesh.getPoints().setAll(springs.points());
            springMesh.getTexCoords().setAll(springs.texCoords());
            springMesh.getFaces().setAll(springs.faces());
            springMesh.getFaceSmoothingGroups().setAll(springs.smoothingGroups());
            MeshView v = new MeshView(springMesh);
            v.setId("compareSpringMesh");
            v.setMaterial(mesh);
            v.setCullFace(CullFace.BACK);
            group.getChildren().add(v);
        }
        spheres = new Sphere[mainSpheres.length];
        for (int j = 0; j < mainSpheres.length; j++) {
            Sphere sp = new Sphere(mainSpheres[j].getRadius() * 0.9, 16);
            sp.setMaterial(m);
            spheres[j] = sp;
            group.getChildren().add(sp);
        }
    }
}
