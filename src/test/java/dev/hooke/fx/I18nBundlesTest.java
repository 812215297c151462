package dev.hooke.fx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.ClothPins;
import dev.hooke.core.scene.Perturbation;
import dev.hooke.core.scene.SceneFile;
import dev.hooke.core.scene.SceneSpec;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.sim.ExplosionReport;
import dev.hooke.core.solve.PreconditionerKind;
import dev.hooke.core.stability.StabilityLimit;
import dev.hooke.core.integrate.LimitFormula;
import dev.hooke.fx.view.ColourMap;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.MessageFormat;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The two bundles hold the same keys with patterns that take the same arguments, and every key the
 * workbench's code names is in them.
 */
class I18nBundlesTest {

    private static Properties bundle(String suffix) throws IOException {
        String name = "/dev/hooke/fx/i18n/messages" + suffix + ".properties";
        try (InputStream in = I18nBundlesTest.class.getResourceAsStream(name)) {
            assertNotNull(in, name);
            Properties p = new Properties();
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
            return p;
        }
    }

    @AfterEach
    void english() {
        I18n.setLocale(I18n.ENGLISH);
    }

    @Test
    void everyEnglishKeyHasAChineseTextAndViceVersa() throws IOException {
        Set<String> en = new TreeSet<>(bundle("").stringPropertyNames());
        Set<String> zh = new TreeSet<>(bundle("_zh_CN").stringPropertyNames());
        Set<String> onlyEn = new TreeSet<>(en);
        onlyEn.removeAll(zh);
        Set<String> onlyZh = new TreeSet<>(zh);
        onlyZh.removeAll(en);
        assertTrue(onlyEn.isEmpty(), "keys without a Chinese text: " + onlyEn);
        assertTrue(onlyZh.isEmpty(), "keys without an English text: " + onlyZh);
    }

    @Test
    void bothLanguagesTakeTheSameArgumentsAndNoTextIsEmpty() throws IOException {
        Properties en = bundle("");
        Properties zh = bundle("_zh_CN");
        for (String key : en.stringPropertyNames()) {
            String e = en.getProperty(key);
            String z = zh.getProperty(key);
            assertFalse(e.isBlank(), key);
            assertFalse(z == null || z.isBlank(), key);
            assertEquals(new MessageFormat(e).getFormatsByArgumentIndex().length,
                    new MessageFormat(z).getFormatsByArgumentIndex().length, key);
        }
    }

    @Test
    void everySceneAndIntegratorHasANameInBothLanguages() {
        for (Locale locale : new Locale[] {I18n.ENGLISH, I18n.CHINESE}) {
            I18n.setLocale(locale);
            for (SceneType t : SceneType.values()) {
                assertFalse(Phrases.scene(t).startsWith("["), t.id());
            }
            for (IntegratorKind k : IntegratorKind.values()) {
                assertFalse(Phrases.integrator(k).startsWith("["), k.id());
            }
            for (PreconditionerKind k : PreconditionerKind.values()) {
                assertFalse(Phrases.preconditioner(k).startsWith("["), k.id());
            }
        }
    }

    @Test
    void theExplosionSentenceIsBuiltFromTheReportsFields() {
        StabilityLimit limit = new StabilityLimit(IntegratorKind.SYMPLECTIC_EULER, 0.02, 100, 0,
                LimitFormula.TWO_OVER_OMEGA);
        ExplosionReport r = new ExplosionReport(1.27, 127, 0.021, IntegratorKind.SYMPLECTIC_EULER, limit,
                ExplosionReport.Reason.nonFinite(), 0);
        I18n.setLocale(I18n.ENGLISH);
        assertEquals(r.message(), Phrases.explosion(r, SceneFile.defaults(SceneType.SPRING)), "the English sentence is the engine's");
        I18n.setLocale(I18n.CHINESE);
        String zh = Phrases.explosion(r, SceneFile.defaults(SceneType.SPRING));
        assertTrue(zh.contains("1.270") && zh.contains("127") && zh.contains("0.02100") && zh.contains("0.02000"), zh);
        assertTrue(zh.contains("半隐式欧拉") && zh.contains("超过") && zh.contains("NaN"), zh);
    }

    @Test
    void everyExplosionReasonIsWordedFromItsValues() {
        StabilityLimit limit = new StabilityLimit(IntegratorKind.SYMPLECTIC_EULER, 0.02, 100, 0,
                LimitFormula.TWO_OVER_OMEGA);
        for (ExplosionReport.Reason reason : new ExplosionReport.Reason[] {ExplosionReport.Reason.nonFinite(),
                ExplosionReport.Reason.energyGrew(1234.56, 0.1), ExplosionReport.Reason.stepFailed("singular")}) {
            ExplosionReport r = new ExplosionReport(1.27, 127, 0.021, IntegratorKind.SYMPLECTIC_EULER, limit, reason, 0);
            I18n.setLocale(I18n.ENGLISH);
            assertEquals(r.message(), Phrases.explosion(r, SceneFile.defaults(SceneType.SPRING)), reason.cause().name());
            I18n.setLocale(I18n.CHINESE);
            String zh = Phrases.explosion(r, SceneFile.defaults(SceneType.SPRING));
            switch (reason.cause()) {
                case NON_FINITE -> assertTrue(zh.contains("NaN"), zh);
                case ENERGY_GREW -> assertTrue(zh.contains("1.23e+03 J") && zh.contains("12346")
                        && zh.contains("0.100 J") && zh.contains("运动能量"), zh);
                case STEP_FAILED -> assertTrue(zh.contains("singular") && zh.contains("失败"), zh);
            }
        }
    }

    /**
     * A method unstable at every Δt is said to be so on the system the scene builds, with the
     * damping it sets, in both languages: the spring and the rope by their own nouns (the rope with
     * its number of masses), each damping coefficient set quoted, "without damping" only when none is.
     */
    @Test
    void theUnstableEverywhereSentenceNamesTheSceneAndItsDamping() {
        StabilityLimit never = new StabilityLimit(IntegratorKind.EXPLICIT_EULER, 0, 100, 0, LimitFormula.TWO_OVER_OMEGA);
        ExplosionReport r = new ExplosionReport(1.27, 127, 0.021, IntegratorKind.EXPLICIT_EULER, never,
                ExplosionReport.Reason.nonFinite(), 0);
        assertTrue(never.unstableAtEveryDt(), "a limit of 0: unstable at every Δt");
        SceneFile spring = SceneFile.defaults(SceneType.SPRING);
        SceneFile rope = SceneFile.defaults(SceneType.CHAIN).withSpec(SceneSpec.of(SceneType.CHAIN).nodes(12));
        SceneFile dampedRope = rope.withSpringDamping(0.25).withAirDamping(0.04);
        I18n.setLocale(I18n.ENGLISH);
        String en = Phrases.explosion(r, spring);
        assertTrue(en.contains("on a spring without damping"), en);
        String enRope = Phrases.explosion(r, rope);
        assertTrue(enRope.contains("on a rope of 12 masses without damping") && !enRope.contains("spring"), enRope);
        String enDamped = Phrases.explosion(r, dampedRope);
        assertTrue(enDamped.contains("a rope of 12 masses with spring damping k_d = 0.25 N·s/m and air damping c = 0.04 N·s/m")
                && !enDamped.contains("without"), enDamped);
        I18n.setLocale(I18n.CHINESE);
        String zh = Phrases.explosion(r, spring);
        assertTrue(zh.contains("弹簧（无阻尼") && !zh.contains("["), zh);
        String zhRope = Phrases.explosion(r, rope);
        assertTrue(zhRope.contains("由 12 个质点组成的绳子（无阻尼") && !zhRope.contains("["), zhRope);
        String zhDamped = Phrases.explosion(r, dampedRope);
        assertTrue(zhDamped.contains("k_d = 0.25 N·s/m") && zhDamped.contains("c = 0.04 N·s/m")
                && !zhDamped.contains("无阻尼"), zhDamped);
        for (SceneType t : SceneType.values()) {
            for (Locale locale : new Locale[] {I18n.ENGLISH, I18n.CHINESE}) {
                I18n.setLocale(locale);
                String text = Phrases.explosion(r, SceneFile.defaults(t));
                assertFalse(text.contains("["), t.id() + " has a noun in " + locale + ": " + text);
            }
        }
    }

    /** The workbench's sources, read from the project directory the tests run in. */
    private static final Path FX_SOURCES = Path.of("src", "main", "java", "dev", "hooke", "fx");

    /** A string literal that looks like a key: dotted words, or a prefix ending in a dot. */
    private static final Pattern KEY_LITERAL = Pattern.compile("\"([a-z][A-Za-z0-9]*(?:\\.[A-Za-z0-9_-]+)+\\.?)\"");

    /** A file name ("scene.yaml"), which looks like a key but is none. */
    private static final Pattern FILE_NAME = Pattern.compile(".*\\.(yaml|yml|png|csv|css|json|txt|properties)");

    @Test
    void everyKeyTheCodeNamesIsInTheBundles() throws IOException {
        Set<String> keys = bundle("").stringPropertyNames();
        Set<String> areas = keys.stream().map(k -> k.substring(0, k.indexOf('.') + 1)).collect(Collectors.toSet());
        List<Path> sources;
        try (Stream<Path> files = Files.walk(FX_SOURCES)) {
            sources = files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
        }
        assertFalse(sources.isEmpty(), "no sources under " + FX_SOURCES.toAbsolutePath());
        Set<String> missing = new TreeSet<>();
        int named = 0;
        for (Path f : sources) {
            Matcher m = KEY_LITERAL.matcher(Files.readString(f, StandardCharsets.UTF_8));
            while (m.find()) {
                String key = m.group(1);
                if (!areas.contains(key.substring(0, key.indexOf('.') + 1)) || FILE_NAME.matcher(key).matches()) {
                    continue;
                }
                named++;
                boolean known = key.endsWith(".") ? keys.stream().anyMatch(k -> k.startsWith(key)) : keys.contains(key);
                if (!known) {
                    missing.add(f.getFileName() + ": " + key);
                }
            }
        }
        assertTrue(named > 100, "too few keys found in the sources: " + named);
        assertTrue(missing.isEmpty(), "keys named in the code but not in the bundles: " + missing);
    }

    @Test
    void everyChoiceAndRuleTheCodeNamesByIdHasATextInBothLanguages() throws IOException {
        for (Properties p : new Properties[] {bundle(""), bundle("_zh_CN")}) {
            for (ColourMap.Mode m : ColourMap.Mode.values()) {
                assertNotNull(p.getProperty("view.colour." + m.name().toLowerCase(Locale.ROOT)), m.name());
            }
            for (ClothPins c : ClothPins.values()) {
                assertNotNull(p.getProperty("build.pins." + c.id()), c.id());
            }
            for (Perturbation c : Perturbation.values()) {
                assertNotNull(p.getProperty("build.perturbation." + c.id()), c.id());
            }
            for (LimitFormula r : LimitFormula.values()) {
                if (!r.isFormula()) {
                    assertNotNull(p.getProperty("stability.rule." + r.id()), r.name());
                }
            }
        }
    }
}
