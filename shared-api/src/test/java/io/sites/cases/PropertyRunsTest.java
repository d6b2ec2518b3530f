package io.sites.cases;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.sites.cases.fixture.BrokenSlugProperties;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The property runner finds a fault: run by JUnit over a scratch copy of the slug normaliser with one fault put in
 * ({@code fixture.BrokenSlug}), the property fails at its fixed seed, prints the seed, the case and its value, and
 * {@code -Dsites.seed} replays the same case; the same property over the real normaliser passes all its tries.
 */
class PropertyRunsTest {
    private static final String BROKEN = "BrokenSlugProperties#theBrokenCopyGivesSlugShapedText";
    private static final Pattern FAILED = Pattern.compile("PROPERTY FAILED " + BROKEN
            + " at seed 40 case (\\d+) of 2000 \\(replay: -Dsites.seed=40 -Dtest='" + BROKEN
            + "'\\)\\n  text = (.*)\\n");

    @Test
    void aBrokenPropertyFailsAtItsSeedAndTellsTheCaseAndHowToReplayIt() {
        Run run = run(null);

        Outcome fixed = run.only("theBrokenCopyGivesSlugShapedText", "seed 40 (fixed): 2000 tries");
        assertThat(fixed.status()).isEqualTo(TestExecutionResult.Status.FAILED);
        Matcher failed = FAILED.matcher(fixed.message());
        assertThat(failed.find()).as(fixed.message()).isTrue();
        assertThat(fixed.message()).contains("not to end with", "\"-\"");
        String value = failed.group(2);
        int number = Integer.parseInt(failed.group(1));
        assertThat(value).isEqualTo(Shown.of(Cases.tries(2000, BrokenSlugProperties.NAMES)
                .draw(Cases.FIXED_SEED, number)[0]));
        assertThat(run.output()).contains(failed.group()).containsPattern("PROPERTY BrokenSlugProperties"
                + ".theBrokenCopyGivesSlugShapedText: tries=\\d+ failed=[12] seeds=40,-?\\d+");

        assertThat(run.outcomes("theRealNormaliserGivesSlugShapedText")).hasSize(2)
                .allSatisfy(outcome -> assertThat(outcome.status()).isEqualTo(TestExecutionResult.Status.SUCCESSFUL));
        assertThat(run.output()).containsPattern("PROPERTY BrokenSlugProperties"
                + ".theRealNormaliserGivesSlugShapedText: tries=4000 failed=0 seeds=40,-?\\d+");

        Run replay = run("40");
        Outcome replayed = replay.only("theBrokenCopyGivesSlugShapedText", "seed 40 (replayed): 2000 tries");
        assertThat(replayed.message()).contains(failed.group());
        assertThat(replay.output()).contains("PROPERTY BrokenSlugProperties.theBrokenCopyGivesSlugShapedText: tries="
                + number + " failed=1 seeds=40");
        System.out.println("The broken copy was caught: " + failed.group().strip());
    }

    /** Runs the fixture's properties as the build runs tests, with the given seed property (null: none). */
    private static Run run(String seed) {
        String before = System.getProperty(Cases.SEED_PROPERTY);
        PrintStream out = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        List<Outcome> outcomes = new ArrayList<>();
        try (PrintStream capture = new PrintStream(printed, true, StandardCharsets.UTF_8)) {
            if (seed == null) {
                System.clearProperty(Cases.SEED_PROPERTY);
            } else {
                System.setProperty(Cases.SEED_PROPERTY, seed);
            }
            System.setOut(capture);
            LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request()
                    .selectors(selectClass(BrokenSlugProperties.class)).build(), new TestExecutionListener() {
                        @Override
                        public void executionFinished(TestIdentifier test, TestExecutionResult result) {
                            if (test.isTest()) {
                                outcomes.add(new Outcome(test.getUniqueId(), test.getDisplayName(),
                                        result.getStatus(), result.getThrowable().map(Throwable::getMessage)
                                                .orElse("")));
                            }
                        }
                    });
        } finally {
            System.setOut(out);
            if (before == null) {
                System.clearProperty(Cases.SEED_PROPERTY);
            } else {
                System.setProperty(Cases.SEED_PROPERTY, before);
            }
        }
        return new Run(outcomes, printed.toString(StandardCharsets.UTF_8));
    }

    private record Outcome(String id, String name, TestExecutionResult.Status status, String message) {
    }

    private record Run(List<Outcome> all, String output) {
        List<Outcome> outcomes(String property) {
            return all.stream().filter(outcome -> outcome.id().contains(property + "(")).toList();
        }

        Outcome only(String property, String name) {
            List<Outcome> named = outcomes(property).stream().filter(outcome -> outcome.name().equals(name)).toList();
            assertThat(named).as(all.toString()).hasSize(1);
            return named.getFirst();
        }
    }
}
