package io.sites.app.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.json.JsonMapper;

/** What a client reads about its broken JSON names no Java type, package or parser setting. */
class JsonMistakesTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    record Bundle(String name, List<File> files, Boolean promote) {
    }

    record File(String path, long size) {
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"name\": ", "{\"name\" 1}", "{\"files\": 7}", "{\"files\": [{\"size\": \"x\"}]}",
            "{\"name\": {}}", "{\"promote\": []}", "[1]", "{\"files\": [7]}", "nul", "{\"name\": \"a\"} x",
            "{\"files\": [{\"size\": 1e99999999999}]}", "DEEP"})
    void describesTheMistakeInJsonTerms(String body) {
        String json = body.equals("DEEP") ? "{\"files\": " + "[".repeat(5000) + "]".repeat(5000) + "}" : body;
        Class<?> type = body.equals("DEEP") ? Object.class : Bundle.class;
        Throwable thrown = catchThrowable(() -> JSON.readValue(json, type));
        assertThat(thrown).isNotNull();
        String described = JsonMistakes.describe(thrown);
        assertThat(described).isNotBlank().doesNotContain("`", "java", "io.sites", "tools.jackson", "Exception",
                "Source:", "JsonMistakesTest", "$");
    }

    @org.junit.jupiter.api.Test
    void saysWhereAndWhatBelongsThere() {
        Throwable thrown = catchThrowable(() -> JSON.readValue("{\"files\": [{\"path\": \"a\", \"size\": \"big\"}]}",
                Bundle.class));
        assertThat(JsonMistakes.describe(thrown)).isEqualTo("at files[0].size: expected a number.");
    }
}
