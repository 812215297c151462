package dev.hooke.fx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hooke.core.integrate.IntegratorKind;
import dev.hooke.core.scene.SceneType;
import dev.hooke.core.sim.ExplosionReport;
import dev.hooke.core.stability.StabilityLimit;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.text.MessageFormat;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The two bundles hold the same keys with patterns that take the same arguments. */
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
        }
    }

    @Test
    void theExplosionSentenceIsBuiltFromTheReportsFields() {
        StabilityLimit limit = new StabilityLimit(IntegratorKind.SYMPLECTIC_EULER, 0.02, 100, 0, "2/ω_max");
        ExplosionReport r = new ExplosionReport(1.27, 127, 0.021, IntegratorKind.SYMPLECTIC_EULER, limit,
                "a position or velocity became infinite or NaN", 0);
        I18n.setLocale(I18n.ENGLISH);
        assertEquals(r.message(), Phrases.explosion(r), "the English sentence is the engine's");
        I18n.setLocale(I18n.CHINESE);
        String zh = Phrases.explosion(r);
        assertTrue(zh.contains("1.270") && zh.contains("127") && zh.contains("0.02100") && zh.contains("0.02000"), zh);
        assertTrue(zh.contains("半隐式欧拉") && zh.contains("超过") && zh.contains("NaN"), zh);
    }
}
