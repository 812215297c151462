package dev.hooke.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The hand-written JSON reads back through an independent parser with every value intact. */
class JsonObjectTest {

    private static JsonNode parse(JsonObject o) throws IOException {
        return new ObjectMapper().readTree(o.toJson());
    }

    @Test
    void numbersReadBackExactly() throws IOException {
        List<Double> values = List.of(0.2, 1e-300, -3.5e12, 0.1 + 0.2, Double.MIN_VALUE, Double.MAX_VALUE, -0.0, 7.0);
        JsonObject o = new JsonObject();
        for (int i = 0; i < values.size(); i++) {
            o.put("v" + i, values.get(i));
        }
        JsonNode j = parse(o);
        for (int i = 0; i < values.size(); i++) {
            assertEquals(values.get(i), j.get("v" + i).asDouble(), "v" + i);
        }
    }

    @Test
    void nonFiniteNumbersAreNull() throws IOException {
        JsonNode j = parse(new JsonObject().put("nan", Double.NaN).put("inf", Double.POSITIVE_INFINITY)
                .put("minf", Double.NEGATIVE_INFINITY));
        assertTrue(j.get("nan").isNull());
        assertTrue(j.get("inf").isNull());
        assertTrue(j.get("minf").isNull());
    }

    @Test
    void stringsWithQuotesBackslashesControlAndNonAsciiCharactersReadBack() throws IOException {
        String tricky = "2/ω_max \"quoted\" back\\slash\ttab\nline\u0001\u007f é 😀";
        JsonObject o = new JsonObject().put("s", tricky).put("key \"with\" ω", "x");
        String text = o.toJson();
        assertTrue(text.chars().allMatch(c -> c >= 0x20 && c < 0x7f || c == '\n'), "plain ASCII: " + text);
        JsonNode j = new ObjectMapper().readTree(text);
        assertEquals(tricky, j.get("s").asText());
        assertEquals("x", j.get("key \"with\" ω").asText());
    }

    @Test
    void otherValuesKeepTheirTypesAndOrder() throws IOException {
        JsonObject o = new JsonObject().put("n", 42L).put("b", true).putNull("z").put("s", (String) null);
        JsonNode j = parse(o);
        assertEquals(42L, j.get("n").asLong());
        assertTrue(j.get("n").isIntegralNumber());
        assertTrue(j.get("b").asBoolean());
        assertTrue(j.get("z").isNull());
        assertTrue(j.get("s").isNull());
        List<String> names = new java.util.ArrayList<>();
        j.fieldNames().forEachRemaining(names::add);
        assertEquals(List.of("n", "b", "z", "s"), names);
    }

    @Test
    void anEmptyObjectIsValid() throws IOException {
        assertEquals(0, parse(new JsonObject()).size());
    }
}
