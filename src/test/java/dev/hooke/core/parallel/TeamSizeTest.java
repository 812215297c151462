package dev.hooke.core.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What {@code -Dhooke.threads} asks for: 1 … {@link Team#MAX_SIZE}; anything else gives 1. */
class TeamSizeTest {

    @Test
    void validValuesAreTaken() {
        List<String> said = new ArrayList<>();
        assertEquals(1, Team.sizeFrom(null, said::add));
        assertEquals(2, Team.sizeFrom("2", said::add));
        assertEquals(2, Team.sizeFrom(" 2 ", said::add));
        assertEquals(Team.MAX_SIZE, Team.sizeFrom(String.valueOf(Team.MAX_SIZE), said::add));
        assertEquals(List.of(), said, "nothing to say of a valid value");
    }

    @Test
    void invalidValuesGiveOneAndAreSaidInOneLine() {
        for (String bad : new String[] {"0", "-1", String.valueOf(Team.MAX_SIZE + 1), "two", "", "1.5", "NaN"}) {
            List<String> said = new ArrayList<>();
            assertEquals(1, Team.sizeFrom(bad, said::add), bad);
            assertEquals(List.of("-Dhooke.threads=" + bad + ": must be a whole number from 1 to " + Team.MAX_SIZE
                    + "; using 1"), said, bad);
        }
    }
}
