package io.sites.api.site.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.sites.api.code.Violation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The indexes behind the rules (the pattern tree, the coverage index, the loop graph) give the answers of the
 * plain definitions they replace, on seeded random rule sets; and a filled-in target never leaves the site.
 */
class RuleIndexTest {
    private static final String[] WORDS = {"a", "b", "c", "", ":x", ":y"};

    @Test
    void theTreeFindsTheFirstMatchingPatternAsTryingEachInTurnDoes() {
        SplittableRandom random = new SplittableRandom(20261127);
        for (int set = 0; set < 300; set++) {
            List<PathPattern> patterns = new ArrayList<>();
            PathTree tree = new PathTree();
            for (int i = 0; i < 1 + random.nextInt(12); i++) {
                PathPattern p = PathPattern.parse(pattern(random), new String[1]);
                if (p != null) {
                    patterns.add(p);
                    tree.add(p);
                }
            }
            for (int probe = 0; probe < 40; probe++) {
                String path = path(random);
                int expected = -1;
                List<Integer> all = new ArrayList<>();
                for (int i = 0; i < patterns.size(); i++) {
                    if (patterns.get(i).matches(path, null)) {
                        expected = expected < 0 ? i : expected;
                        all.add(i);
                    }
                }
                assertThat(tree.first(path)).as(patterns.stream().map(p -> p.text).toList() + " " + path)
                        .isEqualTo(expected);
                assertThat(tree.all(path)).as(path).containsExactly(all.stream().mapToInt(Integer::intValue).toArray());
            }
        }
    }

    @Test
    void theCoverageIndexFindsTheRuleThePairwiseCheckFinds() {
        SplittableRandom random = new SplittableRandom(7);
        for (int set = 0; set < 300; set++) {
            StringBuilder text = new StringBuilder();
            List<String> froms = new ArrayList<>();
            List<Boolean> forced = new ArrayList<>();
            for (int i = 0; i < 2 + random.nextInt(10); i++) {
                String from = pattern(random).replace(":y", ":x"); // one name, so every target is defined
                boolean force = random.nextInt(3) == 0;
                froms.add(from);
                forced.add(force);
                text.append(from).append(" /t").append(i).append(" 200").append(force ? "!" : "").append('\n');
            }
            // The pairwise definition: a rule is dropped when an earlier accepted rule covers it.
            List<Integer> expected = new ArrayList<>();
            List<Integer> accepted = new ArrayList<>();
            for (int i = 0; i < froms.size(); i++) {
                PathPattern from = PathPattern.parse(froms.get(i), new String[1]);
                if (from == null) {
                    continue;
                }
                Integer covering = null;
                for (int j : accepted) {
                    if (from.coveredBy(PathPattern.parse(froms.get(j), new String[1]))
                            && (forced.get(j) || !forced.get(i))) {
                        covering = j;
                        break;
                    }
                }
                if (covering == null) {
                    accepted.add(i);
                } else {
                    expected.add(i + 1);
                }
            }
            RedirectRules rules = RedirectRules.parse(text.toString());
            List<Integer> dropped = rules.violations().stream().filter(v -> v.message().contains("can never match"))
                    .map(RuleIndexTest::line).toList();
            assertThat(dropped).as(text.toString()).isEqualTo(expected);
        }
    }

    @Test
    void aThousandChainedRulesHaveNoLoopAndAClosedChainIsOne() {
        StringBuilder chain = new StringBuilder();
        for (int i = 0; i < 1_000; i++) {
            chain.append("/b").append(i).append("/* /b").append(i + 1).append("/x 302\n");
        }
        RedirectRules open = RedirectRules.parse(chain.toString());
        assertThat(open.violations()).isEmpty();
        assertThat(open.match("/b0/y").target()).isEqualTo("/b1/x");
        assertThat(open.match("/b999").target()).isEqualTo("/b1000/x");
        RedirectRules closed = RedirectRules.parse(chain + "/b1000/* /b0/x 302\n");
        List<Violation> loops = closed.violations().stream().filter(v -> v.code().equals("REDIRECT_LOOP")).toList();
        assertThat(loops).as("every rule of the closed chain").hasSize(1_001);
        assertThat(loops.get(0).message()).contains("line 1:", "(through line 1001)");
        RedirectRules tail = RedirectRules.parse("/start /a\n/a /b\n/b /a\n");
        assertThat(tail.violations()).as("a chain into a loop: only the loop's rules loop").extracting(
                RuleIndexTest::line).containsExactly(2, 3);
    }

    @Test
    void aFilledTargetStaysOnTheSite() {
        RedirectRules rules = RedirectRules.parse("""
                /old/*     /:splat          301
                /to/:name  /:name           302
                /r/*       /kept/:splat     200
                /ext/:sub  https://:sub.example.com/:sub 302
                """);
        assertThat(rules.violations()).isEmpty();
        assertThat(rules.match("/old//evil.example").target()).isEqualTo("/evil.example");
        assertThat(rules.match("/old////evil.example").target()).isEqualTo("/evil.example");
        assertThat(rules.match("/old/\\evil.example").target()).isEqualTo("/%5Cevil.example");
        assertThat(rules.match("/old/\t/evil.example").target()).isEqualTo("/%09/evil.example");
        assertThat(rules.match("/to/\\\\evil").target()).isEqualTo("/%5C%5Cevil");
        assertThat(rules.match("/old/a b/é?#%").target()).isEqualTo("/a%20b/%C3%A9%3F%23%25");
        assertThat(rules.match("/old/page").target()).isEqualTo("/page");
        assertThat(rules.match("/old/").target()).isEqualTo("/");
        assertThat(rules.match("/r/%41").target()).as("decoded once: the '%' is the visitor's")
                .isEqualTo("/kept/%2541");
        assertThat(rules.match("/ext/evil.com#").target()).as("a host gets no '#', '/', '@' or ':'")
                .isEqualTo("https://evil.com%23.example.com/evil.com%23");
        assertThat(rules.match("/ext/a@b:1").target()).startsWith("https://a%40b%3A1.example.com/");
    }

    @Test
    void aRulesFileAboveOneMebibyteIsRefusedUnread() {
        String padding = "# " + "x".repeat(1 << 20) + "\n";
        RedirectRules redirects = RedirectRules.parse(padding + "/a /b\n");
        assertThat(redirects.violations()).singleElement().satisfies(v -> {
            assertThat(v.code()).isEqualTo("TOO_MANY_RULES");
            assertThat(v.message()).contains("at most 1048576 (1 MiB)");
        });
        assertThat(redirects.match("/a")).isNull();
        assertThat(HeaderRules.parse(padding + "/*\n  X-A: 1\n").violations()).singleElement()
                .satisfies(v -> assertThat(v.code()).isEqualTo("TOO_MANY_RULES"));
        assertThat(RedirectRules.parse("#" + "x".repeat((1 << 20) - 20) + "\n/a /b\n").violations()).isEmpty();
    }

    @Test
    void aTargetNamingAnotherHostWithoutASchemeIsRefused() {
        assertThat(RedirectRules.parse("/a //evil.example 302\n/b /\\evil.example 302\n").violations())
                .extracting(RuleIndexTest::line).containsExactly(1, 2);
    }

    @Test
    void headerBlocksMatchingAPathAreFoundInTheirOrder() {
        HeaderRules headers = HeaderRules.parse("""
                /*
                  X-A: 1
                /docs/:page
                  X-B: 2
                /docs/*
                  X-A: 3
                /
                  X-C: 4
                """);
        assertThat(headers.violations()).isEmpty();
        assertThat(headers.headersFor("/docs/intro")).containsExactly("X-A", "1, 3", "X-B", "2");
        assertThat(headers.headersFor("/")).containsExactly("X-A", "1", "X-C", "4");
        assertThat(headers.headersFor("/other")).containsExactly("X-A", "1");
        assertThat(headers.headersFor("/docs/other")).as("merged once per set of blocks")
                .isSameAs(headers.headersFor("/docs/intro"));
        assertThat(headers.headersFor("/none/")).isSameAs(headers.headersFor("/other"));
    }

    private static int line(Violation v) {
        return Integer.parseInt(v.message().replaceAll("^.* line (\\d+):.*$", "$1"));
    }

    private static String pattern(SplittableRandom random) {
        StringBuilder out = new StringBuilder();
        Map<String, Integer> used = new HashMap<>();
        int segments = random.nextInt(4);
        for (int i = 0; i < segments; i++) {
            String word = WORDS[random.nextInt(WORDS.length)];
            if (word.startsWith(":") && used.merge(word, 1, Integer::sum) > 1) {
                word = "b";
            }
            out.append('/').append(word);
        }
        if (random.nextBoolean()) {
            out.append("/*");
        }
        return out.isEmpty() ? "/" : out.toString();
    }

    private static String path(SplittableRandom random) {
        StringBuilder out = new StringBuilder();
        int segments = random.nextInt(5);
        for (int i = 0; i < segments; i++) {
            out.append('/').append(new String[] {"a", "b", "c", "", "z"}[random.nextInt(5)]);
        }
        return out.isEmpty() ? "/" : out.toString();
    }
}
