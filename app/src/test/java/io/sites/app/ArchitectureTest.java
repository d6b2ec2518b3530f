package io.sites.app;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.queryhandling.QueryHandler;
import org.axonframework.spring.stereotype.Aggregate;

/** The boundaries of the house: who may know whom. */
@AnalyzeClasses(packages = "io.sites", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule sharedApiIsOnlyTheLanguage = noClasses().that().resideInAPackage("io.sites.api..")
            .should().dependOnClassesThat().resideInAnyPackage("io.sites.command..", "io.sites.query..",
                    "io.sites.site..", "io.sites.app..", "org.springframework..", "jakarta.servlet..",
                    "java.sql..", "javax.sql..", "software.amazon..")
            .because("shared-api holds ids, commands, events, queries and JSON types, no web or persistence code");

    @ArchTest
    static final ArchRule commandSideDecidesAlone = noClasses().that().resideInAPackage("io.sites.command..")
            .should().dependOnClassesThat().resideInAnyPackage("io.sites.query..", "io.sites.site..",
                    "io.sites.app..");

    @ArchTest
    static final ArchRule querySideOnlyListens = noClasses().that().resideInAPackage("io.sites.query..")
            .should().dependOnClassesThat().resideInAnyPackage("io.sites.command..", "io.sites.site..",
                    "io.sites.app..");

    @ArchTest
    static final ArchRule siteServerOnlyListens = noClasses().that().resideInAPackage("io.sites.site..")
            .should().dependOnClassesThat().resideInAnyPackage("io.sites.command..", "io.sites.query..",
                    "io.sites.app..")
            .because("the site server builds its own directory from events and never reads the query side");

    @ArchTest
    static final ArchRule aggregatesArePackagePrivate = classes().that().areAnnotatedWith(Aggregate.class)
            .should().notBePublic();

    @ArchTest
    static final ArchRule projectionsArePackagePrivate = methods().that().areAnnotatedWith(EventHandler.class)
            .or().areAnnotatedWith(QueryHandler.class).or().areAnnotatedWith(EventSourcingHandler.class)
            .should().beDeclaredInClassesThat().areNotPublic();

    @ArchTest
    static final ArchRule namesComeFromTheDomain = noClasses().should().haveSimpleNameEndingWith("Manager")
            .orShould().haveSimpleNameEndingWith("Helper").orShould().haveSimpleNameEndingWith("Util")
            .orShould().haveSimpleNameEndingWith("Utils");

    @ArchTest
    static final ArchRule adaptersGoThroughApplicationServices = noClasses().that()
            .resideInAnyPackage("io.sites.app.web..", "io.sites.app.mcp..").should().dependOnClassesThat()
            .resideInAnyPackage("io.sites.command.blob..", "io.sites.query..")
            .orShould().dependOnClassesThat(JavaClass.Predicates.resideInAPackage("io.sites.command.bundle..")
                    .and(DescribedPredicate.not(JavaClass.Predicates.simpleName("BundleLimits")
                            .or(JavaClass.Predicates.simpleName("InlineDecoder"))
                            .or(JavaClass.Predicates.simpleName("DecodedContent"))
                            .or(JavaClass.Predicates.simpleNameStartingWith("DecodedContent$")))))
            .orShould().dependOnClassesThat().haveSimpleNameEndingWith("Claims")
            .because("controllers and MCP tools are thin adapters over PublishService and the query bus: every rule "
                    + "lives once. A large REST publish body is decoded while read, by the bundle's own decoder "
                    + "(InlineDecoder), into PublishService's input (DecodedContent)");

    @ArchTest
    static final ArchRule toolsCallTheOperationsTheControllersCall = noClasses().that()
            .resideInAPackage("io.sites.app.mcp..").should().dependOnClassesThat()
            .resideInAnyPackage("io.sites.command..", "io.sites.query..", "org.axonframework..")
            .because("each MCP tool is its REST operation: it goes through ApiOperations and ApiErrors");

    @ArchTest
    static final ArchRule pagesGoThroughApplicationServices = noClasses().that()
            .resideInAPackage("io.sites.app.webapp..").should().dependOnClassesThat()
            .resideInAnyPackage("io.sites.command.blob..", "io.sites.query..")
            .orShould().dependOnClassesThat(JavaClass.Predicates.resideInAPackage("io.sites.command.bundle..")
                    .and(DescribedPredicate.not(JavaClass.Predicates.simpleName("BundleLimits"))))
            .orShould().dependOnClassesThat().haveSimpleNameEndingWith("Claims")
            .because("the pages are adapters like the REST controllers; they read only the bundle limits, to cap "
                    + "what they unpack from a zip before PublishService checks it");
}
