package io.sites.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.EvaluationResult;
import org.junit.jupiter.api.Test;

/**
 * The cycle rule of {@link ArchitectureTest} is able to fail: run over two test-only packages that import each
 * other ({@code archfixture.left} and {@code archfixture.right}), it reports their cycle.
 */
class PackageCycleRuleTest {

    @Test
    void twoPackagesThatImportEachOtherBreakTheRule() {
        JavaClasses fixture = new ClassFileImporter().importPackages("io.sites.app.archfixture");
        assertThat(fixture).extracting(type -> type.getSimpleName()).contains("Left", "Right");

        EvaluationResult result = ArchitectureTest.noPackageCycles.evaluate(fixture);

        assertThat(result.hasViolation()).isTrue();
        assertThat(String.join("\n", result.getFailureReport().getDetails()))
                .contains("Cycle detected", "app.archfixture.left", "app.archfixture.right");
    }

    @Test
    void eitherPackageAloneKeepsTheRule() {
        JavaClasses oneSide = new ClassFileImporter().importPackages("io.sites.app.archfixture.left");

        assertThat(ArchitectureTest.noPackageCycles.evaluate(oneSide).hasViolation()).isFalse();
    }
}
