package dev.hooke.core.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** What {@code -Dhooke.threads} asks for: 1 … {@link Team#MAX_SIZE}; anything else gives 1. */
class TeamSizeTest {

    @Test
    void validValuesAreTaken() {
        assertEquals(1, Team.sizeFrom(null));
        assertEquals(2, Team.sizeFrom("2"));
        assertEquals(2, Team.sizeFrom(" 2 "));
        assertEquals(Team.MAX_SIZE, Team.sizeFrom(String.valueOf(Team.MAX_SIZE)));
    }

    @Test
    void invalidValuesGiveOne() {
        for (String bad : new String[] {"0", "-1", String.valueOf(Team.MAX_SIZE + 1), "two", "", "1.5", "NaN"}) {
            assertEquals(1, Team.sizeFrom(bad), bad);
        }
    }
}
