package dev.hooke.fx.controls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import javafx.scene.Node;
import javafx.scene.layout.Region;
import org.junit.jupiter.api.Test;

/** {@link OneLineBar}: one line at every width, the items of least priority left out first. */
class OneLineBarTest {

    private static Region item(double width, double height) {
        Region r = new Region();
        r.setPrefSize(width, height);
        r.setMinSize(width, height);
        return r;
    }

    private final Region a = item(100, 20);
    private final Region b = item(50, 30);
    private final Region c = item(80, 20);
    /** Drawn a, b, c; b matters least, then c. */
    private final OneLineBar bar = new OneLineBar(10, List.of(a, b, c), List.of(a, c, b));

    private void layOut(double width) {
        bar.resize(width, bar.prefHeight(-1));
        bar.layout();
    }

    private static boolean drawn(Node n) {
        return n.getParent().isVisible();
    }

    @Test
    void everythingFitsInItsPreferredWidth() {
        assertEquals(100 + 10 + 50 + 10 + 80, bar.prefWidth(-1), 0);
        layOut(bar.prefWidth(-1));
        assertTrue(bar.leftOut().isEmpty());
        // in the order given, each at its preferred width, one gap apart
        assertEquals(0, a.getParent().getLayoutX(), 0);
        assertEquals(110, b.getParent().getLayoutX(), 0);
        assertEquals(170, c.getParent().getLayoutX(), 0);
    }

    @Test
    void theLeastImportantGivesWayFirstAndTheRestCloseUp() {
        layOut(239);    // one px short of all three
        assertEquals(List.of(b), bar.leftOut());
        assertFalse(drawn(b));
        assertTrue(drawn(a) && drawn(c));
        assertEquals(110, c.getParent().getLayoutX(), 0);
        layOut(150);
        assertEquals(List.of(c, b), bar.leftOut());
        // the most important item stays, even where it does not fit
        layOut(30);
        assertTrue(drawn(a));
        assertEquals(List.of(c, b), bar.leftOut());
    }

    @Test
    void itsHeightIsTheTallestItemsWhetherOrNotItIsShown() {
        assertEquals(30, bar.prefHeight(-1), 0);
        layOut(150);
        assertFalse(drawn(b));
        assertEquals(30, bar.prefHeight(-1), 0);
        assertEquals(30, bar.minHeight(-1), 0);
    }

    @Test
    void anItemItsOwnerHidesTakesNoRoom() {
        b.setManaged(false);
        assertEquals(100 + 10 + 80, bar.prefWidth(-1), 0);
        layOut(190);
        assertTrue(bar.leftOut().isEmpty());
        assertEquals(110, c.getParent().getLayoutX(), 0);
    }

    @Test
    void thePriorityListsTheSameItems() {
        assertThrows(IllegalArgumentException.class, () -> new OneLineBar(4, List.of(a, b), List.of(a, c)));
    }
}
