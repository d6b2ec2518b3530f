package io.sites.app.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.code.ErrorCode;
import io.sites.api.code.ViolationCode;
import io.sites.api.code.WarningCode;
import io.sites.app.web.ApiOperations;
import io.sites.app.web.OpenApiDocument;
import io.sites.bundle.BundleLimits;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The documents agree with the catalogue of codes ({@link ErrorCode}, {@link ViolationCode}, {@link WarningCode}):
 * docs/DECISIONS.md's error table and violation and warning lists, the OpenAPI document and the MCP tool texts. It lives beside the tools because
 * their texts are package-private here.
 */
class CodeCatalogueDocumentsTest {
    private static final Pattern TABLE_ROW = Pattern.compile("^\\| (\\d{3}) \\| `([A-Z_]+)` \\|", Pattern.MULTILINE);
    private static final Pattern BACKTICKED = Pattern.compile("`([A-Z][A-Z_]+)`");
    // A code as written in prose: capitals joined by underscores (single-word codes cannot be told from words).
    private static final Pattern CODE_LIKE = Pattern.compile("\\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\\b");

    @Test
    void decisionsErrorTableListsEveryErrorCodeWithItsStatus() throws IOException {
        String errors = section(decisions(), "## Errors");
        TreeMap<String, Set<Integer>> table = new TreeMap<>();
        Matcher row = TABLE_ROW.matcher(errors);
        while (row.find()) {
            table.computeIfAbsent(row.group(2), code -> new TreeSet<>()).add(Integer.parseInt(row.group(1)));
        }
        TreeMap<String, Set<Integer>> catalogue = new TreeMap<>();
        for (ErrorCode code : ErrorCode.values()) {
            catalogue.put(code.name(), Set.of(code.status()));
        }
        assertThat(table).isEqualTo(catalogue);
    }

    @Test
    void decisionsViolationListNamesEveryViolationCode() throws IOException {
        assertThat(listedIn("Violation codes,")).isEqualTo(names(ViolationCode.values()));
    }

    @Test
    void decisionsWarningListNamesEveryWarningCode() throws IOException {
        assertThat(listedIn("Warning codes,")).isEqualTo(names(WarningCode.values()));
    }

    /** The codes in backticks of the paragraph of DECISIONS.md's Errors section that begins so. */
    private static Set<String> listedIn(String opening) throws IOException {
        String errors = section(decisions(), "## Errors");
        int start = errors.indexOf(opening);
        assertThat(start).as("the list \"" + opening + "\" in DECISIONS.md's Errors section").isNotNegative();
        int end = errors.indexOf("\n\n", start);
        return matches(BACKTICKED, errors.substring(start, end < 0 ? errors.length() : end));
    }

    @Test
    void openApiNamesOnlyCataloguedCodes() {
        JsonNode document = new JsonMapper().readTree(OpenApiDocument.class.getClassLoader()
                .getResourceAsStream("openapi/openapi.json"));
        assertThat(matches(CODE_LIKE, document.toString())).isNotEmpty().isSubsetOf(catalogue());
        for (List<String> values : enums(document, new ArrayList<>())) {
            if (values.stream().anyMatch(names(ErrorCode.values())::contains)) {
                assertThat(Set.copyOf(values)).isEqualTo(names(ErrorCode.values()));
            }
            if (values.stream().anyMatch(names(ViolationCode.values())::contains)) {
                assertThat(Set.copyOf(values)).isEqualTo(names(ViolationCode.values()));
            }
        }
    }

    @Test
    void mcpToolTextsNameOnlyCataloguedCodes() throws ReflectiveOperationException {
        Constructor<OpenApiDocument> constructor = OpenApiDocument.class.getDeclaredConstructor(BundleLimits.class);
        constructor.setAccessible(true);
        JsonMapper json = JsonMapper.builder().build();
        // The texts only ask the operations for the fetch limit; the limits are the specification's.
        ApiOperations operations = Mockito.mock(ApiOperations.class);
        Mockito.when(operations.fetchesPerHour()).thenReturn(200);
        io.sites.app.SiteUrls urls = Mockito.mock(io.sites.app.SiteUrls.class);
        Mockito.when(urls.api(Mockito.anyString())).thenAnswer(call -> "https://api.example.com"
                + call.getArgument(0));
        Mockito.when(urls.page(Mockito.anyString())).thenAnswer(call -> "https://" + call.getArgument(0)
                + ".example.net/");
        WebsiteTools tools = new WebsiteTools(operations,
                new ToolSchemas(constructor.newInstance(BundleLimits.spec())), json, BundleLimits.spec(),
                new IdempotentCalls(null, json), urls);
        StringBuilder texts = new StringBuilder(tools.instructions()).append('\n').append(VersionTools.INSTRUCTIONS);
        java.util.stream.Stream.concat(tools.specifications().stream(),
                        new VersionTools(operations, tools).specifications().stream())
                .forEach(tool -> texts.append('\n').append(tool.tool().description())
                        .append('\n').append(json.writeValueAsString(tool.tool().inputSchema())));
        Set<String> named = matches(CODE_LIKE, texts.toString());
        assertThat(named).contains("PUBLISH_INVALID", "EXTERNAL_URL", "SLUG_TAKEN").isSubsetOf(catalogue());
    }

    private static List<List<String>> enums(JsonNode node, List<List<String>> found) {
        if (node.isObject() && node.has("enum")) {
            found.add(StreamSupport.stream(node.get("enum").spliterator(), false)
                    .map(value -> value.isNull() ? "" : value.asString()).toList());
        }
        node.forEach(child -> enums(child, found));
        return found;
    }

    private static Set<String> catalogue() {
        Set<String> all = new TreeSet<>(names(ErrorCode.values()));
        all.addAll(names(ViolationCode.values()));
        all.addAll(names(WarningCode.values()));
        return all;
    }

    private static Set<String> names(Enum<?>[] values) {
        return Arrays.stream(values).map(Enum::name).collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<String> matches(Pattern pattern, String text) {
        Set<String> found = new TreeSet<>();
        Matcher matcher = pattern.matcher(text);
        while (matcher.find()) {
            found.add(matcher.groupCount() > 0 ? matcher.group(1) : matcher.group());
        }
        return found;
    }

    private static String decisions() throws IOException {
        Path here = Path.of("docs", "DECISIONS.md");
        return Files.readString(Files.exists(here) ? here : Path.of("..", "docs", "DECISIONS.md"));
    }

    /** From the heading to the next heading of the same level. */
    private static String section(String markdown, String heading) {
        int start = markdown.indexOf("\n" + heading + "\n");
        assertThat(start).as(heading).isNotNegative();
        int end = markdown.indexOf("\n## ", start + heading.length() + 2);
        return markdown.substring(start, end < 0 ? markdown.length() : end);
    }
}
