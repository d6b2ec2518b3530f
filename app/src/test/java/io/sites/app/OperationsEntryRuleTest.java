package io.sites.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.EvaluationResult;
import org.junit.jupiter.api.Test;

/**
 * The rule that the operations are the adapters' one entry to the command side
 * ({@link ArchitectureTest#operationsAreTheOnlyEntryToTheCommandSide}) is able to fail: over two test-only pages in
 * {@code io.sites.app.webapp.entryfixture}, it reports the one that calls PublishService and keeps the one that only
 * names refusals.
 */
class OperationsEntryRuleTest {

    @Test
    void aPageCallingPublishServiceBreaksTheRule() {
        JavaClasses fixture = new ClassFileImporter().importPackages("io.sites.app.webapp.entryfixture");
        assertThat(fixture).extracting(type -> type.getSimpleName())
                .contains("PageCallingPublishService", "PageNamingARefusal");

        EvaluationResult result = ArchitectureTest.operationsAreTheOnlyEntryToTheCommandSide.evaluate(fixture);

        String details = String.join("\n", result.getFailureReport().getDetails());
        assertThat(result.hasViolation()).isTrue();
        assertThat(details).contains("PageCallingPublishService", "PublishService").doesNotContain(
                "PageNamingARefusal");
    }
}
