package dev.hooke.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import org.junit.jupiter.api.Test;

/** Help, version, and what the help tells. */
class CommandLineTest {

    @Test
    void helpListsTheCommands() {
        Hooke.Result r = Hooke.run("--help");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("\n  run "), r.out());
        assertTrue(r.out().contains("\n  stability "), r.out());
        assertEquals("", r.err());
    }

    @Test
    void versionNamesHooke() {
        Hooke.Result r = Hooke.run("--version");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("hooke "), r.out());
        Hooke.Result sub = Hooke.run("run", "--version");
        assertEquals(r.out(), sub.out());
    }

    @Test
    void runHelpListsEveryIntegratorAndTheSceneDefaults() {
        Hooke.Result r = Hooke.run("run", "--help");
        assertEquals(0, r.code(), r.err());
        for (IntegratorKind k : IntegratorKind.values()) {
            assertTrue(r.out().contains(k.id()), k.id());
        }
        assertTrue(r.out().contains("Scene defaults"), r.out());
        SceneSpec cloth = SceneSpec.of(SceneType.CLOTH);
        String bendRow = r.out().lines().filter(l -> l.trim().startsWith("--k-bend (N/m)")).findFirst().orElseThrow();
        assertTrue(bendRow.contains(Numbers.plain(cloth.bendStiffness())), bendRow);
    }

    @Test
    void helpCommandShowsACommandsHelp() {
        Hooke.Result r = Hooke.run("help", "stability");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("Usage: hooke stability"), r.out());
    }
}
