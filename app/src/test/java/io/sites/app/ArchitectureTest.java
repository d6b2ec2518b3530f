package io.sites.app;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.properties.HasName;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.queryhandling.QueryHandler;
import org.axonframework.spring.stereotype.Aggregate;
import org.springframework.context.annotation.ComponentScan;

/**
 * The boundaries of the house: who may know whom. Main code only: the tests' shared helpers sit in the root package
 * and are used from every package's tests, so test code would show loops that are no part of the architecture (and
 * the deliberate cycle of {@code PackageCycleRuleTest} lives in test code).
 */
@AnalyzeClasses(packages = "io.sites", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    /**
     * A command-side class other than a refusal: not an exception, nor a type nested in one (an exception's reason),
     * nor the capped stream that web's body cap reuses.
     */
    static final DescribedPredicate<JavaClass> COMMAND_SIDE_BEYOND_ITS_REFUSALS = DescribedPredicate.describe(
            "are of the command side but are none of its exceptions", type -> type.getPackageName()
                    .startsWith("io.sites.command") && !isRefusal(type)
                    && !type.getName().equals("io.sites.command.limits.CappedInputStream"));

    private static boolean isRefusal(JavaClass type) {
        JavaClass at = type;
        while (at != null) {
            if (at.isAssignableTo(Throwable.class)) {
                return true;
            }
            at = at.getEnclosingClass().orElse(null);
        }
        return false;
    }

    /** Each package of every module is a slice; {@code PackageCycleRuleTest} shows that a loop fails it. */
    @ArchTest
    static final ArchRule noPackageCycles = slices().matching("io.sites.(**)").should().beFreeOfCycles()
            .because("a package that needs a type of a package that needs it back is one package in two places: "
                    + "move the type to the package that owns it, or turn the dependency around");

    @ArchTest
    static final ArchRule sharedApiIsOnlyTheLanguage = noClasses().that().resideInAPackage("io.sites.api..")
            .should().dependOnClassesThat().resideInAnyPackage("io.sites.command..", "io.sites.query..",
                    "io.sites.site..", "io.sites.app..", "io.sites.bundle..", "io.sites.blob..",
                    "org.springframework..", "jakarta.servlet..",
                    "java.sql..", "javax.sql..", "software.amazon..")
            .because("shared-api holds ids, commands, events, queries and JSON types, no web or persistence code");

    @ArchTest
    static final ArchRule bundleIsPlainJava = noClasses().that().resideInAPackage("io.sites.bundle..")
            .should().dependOnClassesThat().resideInAnyPackage("io.sites.command..", "io.sites.query..",
                    "io.sites.site..", "io.sites.app..", "io.sites.blob..", "org.springframework..",
                    "org.axonframework..")
            .because("reading a bundle and its authoring rules need only shared-api's types: the command side builds "
                    + "the BundleReader bean and calls it");

    @ArchTest
    static final ArchRule blobStoreOnlyStores = noClasses().that().resideInAPackage("io.sites.blob..")
            .should().dependOnClassesThat().resideInAnyPackage("io.sites.command..", "io.sites.query..",
                    "io.sites.site..", "io.sites.app..", "io.sites.bundle..")
            .because("the blob stores implement shared-api's BlobStore port and know nothing of who stores what");

    @ArchTest
    static final ArchRule oneRateWindowKnowsNoLimiter = noClasses().that().resideInAPackage("io.sites.limits..")
            .should().dependOnClassesThat().resideInAnyPackage("io.sites.command..", "io.sites.query..",
                    "io.sites.site..", "io.sites.app..", "io.sites.bundle..", "io.sites.blob..", "io.sites.api..",
                    "org.axonframework..", "jakarta.servlet..")
            .because("every limiter, the site server's password throttle included, counts in the one rate window; "
                    + "it needs only Spring JDBC, so each of them may use it")
            .allowEmptyShould(false);

    @ArchTest
    static final ArchRule commandSideDecidesAlone = noClasses().that().resideInAPackage("io.sites.command..")
            .should().dependOnClassesThat().resideInAnyPackage("io.sites.query..", "io.sites.site..",
                    "io.sites.app..", "io.sites.blob..")
            .because("the command side stores through shared-api's BlobStore port; app picks the implementation");

    @ArchTest
    static final ArchRule limitsKnowNoService = noClasses().that().resideInAPackage("io.sites.command.limits..")
            .should().dependOnClassesThat().resideInAnyPackage("io.sites.command.publish..",
                    "io.sites.command.remote..", "io.sites.command.website..",
                    "io.sites.bundle..", "io.sites.blob..")
            .because("the rate windows, the website limit and the refusals are what every service of the command "
                    + "side shares, so they must need none of them");

    @ArchTest
    static final ArchRule querySideOnlyListens = noClasses().that().resideInAPackage("io.sites.query..")
            .should().dependOnClassesThat().resideInAnyPackage("io.sites.command..", "io.sites.site..",
                    "io.sites.app..");

    @ArchTest
    static final ArchRule siteServerOnlyListens = noClasses().that().resideInAPackage("io.sites.site..")
            .should().dependOnClassesThat().resideInAnyPackage("io.sites.command..", "io.sites.query..",
                    "io.sites.app..", "io.sites.bundle..", "io.sites.blob..")
            .because("the site server builds its own directory from events and never reads the query side; it reads "
                    + "blobs through shared-api's BlobStore port, whichever store app picked");

    @ArchTest
    static final ArchRule identityKnowsNoAdapter = noClasses().that().resideInAPackage("io.sites.app.identity..")
            .should().dependOnClassesThat().resideInAnyPackage("io.sites.app.web..", "io.sites.app.mcp..",
                    "io.sites.app.webapp..", "io.sites.app.operator..")
            .because("accounts, tokens and the authorization server are used by the adapters; the API's own "
                    + "security chain and error envelope live in web");

    @ArchTest
    static final ArchRule aggregatesArePackagePrivate = classes().that().areAnnotatedWith(Aggregate.class)
            .should().notBePublic();

    @ArchTest
    static final ArchRule projectionsArePackagePrivate = methods().that().areAnnotatedWith(EventHandler.class)
            .or().areAnnotatedWith(QueryHandler.class).or().areAnnotatedWith(EventSourcingHandler.class)
            .should().beDeclaredInClassesThat().areNotPublic();

    @ArchTest
    static final ArchRule commandLineIsAClientOnly = noClasses().that().resideInAPackage("io.sites.cli..")
            .should().dependOnClassesThat().resideInAnyPackage("io.sites.api..", "io.sites.app..", "io.sites.bundle..",
                    "io.sites.command..", "io.sites.query..", "io.sites.site..", "io.sites.blob..", "io.sites.limits..",
                    "org.springframework..")
            .because("the command line `sites` speaks to the service only through its published REST interface, "
                    + "and runs on the JDK, picocli and Jackson alone");

    @ArchTest
    static final ArchRule namesComeFromTheDomain = noClasses().should().haveSimpleNameEndingWith("Manager")
            .orShould().haveSimpleNameEndingWith("Helper").orShould().haveSimpleNameEndingWith("Util")
            .orShould().haveSimpleNameEndingWith("Utils");

    @ArchTest
    static final ArchRule adaptersGoThroughApplicationServices = noClasses().that()
            .resideInAnyPackage("io.sites.app.web..", "io.sites.app.mcp..").should().dependOnClassesThat()
            .resideInAnyPackage("io.sites.blob..", "io.sites.query..")
            .orShould().dependOnClassesThat(JavaClass.Predicates.resideInAPackage("io.sites.bundle..")
                    .and(DescribedPredicate.not(JavaClass.Predicates.simpleName("BundleLimits")
                            .or(JavaClass.Predicates.simpleName("InlineDecoder"))
                            .or(JavaClass.Predicates.simpleName("DecodedContent"))
                            .or(JavaClass.Predicates.simpleNameStartingWith("DecodedContent$"))
                            .or(JavaClass.Predicates.simpleName("FileInput"))
                            .or(JavaClass.Predicates.simpleName("FileSource"))
                            .or(JavaClass.Predicates.simpleNameStartingWith("FileSource$")))))
            .orShould().dependOnClassesThat().haveSimpleNameEndingWith("Claims")
            .because("controllers and MCP tools are thin adapters over the operations (io.sites.app.usecases): every "
                    + "rule lives once. A large REST publish body is decoded while read, by the bundle's own decoder "
                    + "(InlineDecoder), into DecodedContent, which PublishRequests hands PublishService as a file's "
                    + "source (the bundle's FileInput and FileSource)");

    @ArchTest
    static final ArchRule publishTakesDomainInput = noClasses().that().resideInAPackage("io.sites.command.publish..")
            .should().dependOnClassesThat().haveFullyQualifiedName("io.sites.api.json.PublishWebsiteRequest")
            .orShould().dependOnClassesThat().haveFullyQualifiedName("io.sites.api.json.PublishVersionRequest")
            .because("each entry point maps its own wire format to NewWebsite or NewVersion (REST and MCP share "
                    + "theirs in PublishRequests), so no adapter encodes bytes it already has to publish them");

    @ArchTest
    static final ArchRule toolsCallTheOperationsTheControllersCall = noClasses().that()
            .resideInAPackage("io.sites.app.mcp..").should().dependOnClassesThat()
            .resideInAnyPackage("io.sites.command..", "io.sites.query..", "org.axonframework..")
            .because("each MCP tool is its REST operation: it goes through the operations (io.sites.app.usecases), "
                    + "ApiBodies and ApiErrors");

    @ArchTest
    static final ArchRule pagesGoThroughApplicationServices = noClasses().that()
            .resideInAPackage("io.sites.app.webapp..").should().dependOnClassesThat()
            .resideInAnyPackage("io.sites.blob..", "io.sites.query..")
            .orShould().dependOnClassesThat(JavaClass.Predicates.resideInAPackage("io.sites.bundle..")
                    .and(DescribedPredicate.not(HasName.Predicates.nameMatching("io\\.sites\\.bundle\\."
                            + "(BundleLimits|InlineDecoder|FileInput|(DecodedContent|FileSource)(\\$[A-Za-z]+)?)"))))
            .orShould().dependOnClassesThat().haveSimpleNameEndingWith("Claims")
            .because("the pages are adapters like the REST controllers; they read only the bundle limits, to cap "
                    + "what they unpack from a zip before PublishService checks it, and hand the files over as the "
                    + "bundle's FileInputs: bytes held, or content in the request's spool (DecodedContent), whose "
                    + "read-back they reserve memory for as the REST adapter does (InlineDecoder.readBack)");

    @ArchTest
    static final ArchRule onlyTheRestAdapterKnowsTheWireFile = noClasses().that()
            .resideOutsideOfPackages("io.sites.api..", "io.sites.app.web..", "io.sites.app.usecases..")
            .should().dependOnClassesThat().haveFullyQualifiedName("io.sites.api.json.PublishFile")
            .because("the bundle reader and PublishService take the bundle's own FileInput; the interface's file "
                    + "object is mapped once, by the operations' PublishRequests (REST and MCP), after web's "
                    + "InlineContents bound it");

    /**
     * What a replica runs is decided by its roles, in one package: a component scan anywhere else (a module's own
     * configuration scanning its neighbours) would put beans into a role that did not ask for them.
     */
    @ArchTest
    static final ArchRule onlyTheRolesScanModules = noClasses().that()
            .resideOutsideOfPackage("io.sites.app.roles").and().doNotHaveFullyQualifiedName(
                    "io.sites.app.SitesApplication")
            .should().beMetaAnnotatedWith(ComponentScan.class)
            .because("SitesApplication scans only io.sites.app.roles, whose EveryRole, ApiRole and SitesRole scan "
                    + "the modules' packages for the replica's roles (SITES_ROLES); a bean of one role elsewhere "
                    + "carries @ConditionalOnRole");

    /** The language is read by package: a message's kind is where it lives, and an event can be upcast. */
    @ArchTest
    static final ArchRule eventsCarryARevision = classes().that().resideInAPackage("io.sites.api.event")
            .and().areTopLevelClasses().and().doNotHaveSimpleName("package-info")
            .should().beAnnotatedWith(org.axonframework.serialization.Revision.class).andShould().beRecords()
            .because("a stored event changes shape only through a new revision and an upcaster");

    @ArchTest
    static final ArchRule commandsNameTheirWebsite = classes().that().resideInAPackage("io.sites.api.command")
            .and().areTopLevelClasses().and().doNotHaveSimpleName("package-info")
            .should().haveSimpleNameEndingWith("Command").andShould().beRecords();

    @ArchTest
    static final ArchRule theLanguageRootIsOnlyItsVocabulary = classes().that().resideInAPackage("io.sites.api")
            .and().areTopLevelClasses().and().doNotHaveSimpleName("package-info")
            .should().beEnums().orShould().haveSimpleName("Spelling")
            .because("messages live in io.sites.api.{id,command,event,query,site,code}; the root holds the "
                    + "enums they share and how the specification spells them");

    /**
     * The operations are the adapters' one entry to the command side: REST, MCP and the web application's pages name
     * no service, command or gateway of it, only its exceptions (and what they carry), which their error mapping turns
     * into answers. {@code OperationsEntryRuleTest} shows that a page calling PublishService fails it.
     */
    @ArchTest
    static final ArchRule operationsAreTheOnlyEntryToTheCommandSide = noClasses().that()
            .resideInAnyPackage("io.sites.app.web..", "io.sites.app.mcp..", "io.sites.app.webapp..")
            .should().dependOnClassesThat(COMMAND_SIDE_BEYOND_ITS_REFUSALS)
            .orShould().dependOnClassesThat().resideInAPackage("org.axonframework.commandhandling..")
            .because("REST controllers, MCP tools and web pages are thin adapters over io.sites.app.usecases, which "
                    + "alone calls PublishService, WebsiteLifecycle, Uploads, SlugSuggestions and SitePasswords; "
                    + "a refusal (RequestInvalidException, SlugTakenException, ...) is still named where it is "
                    + "mapped to the envelope or a page, and web's capped body stream reuses the command side's "
                    + "CappedInputStream");

    /**
     * The site server's rooms (directory, serving, transport, replica) and what each shows the others and app: any
     * other type of a room is package-private, so nothing outside the room can use it. A nested type counts as its
     * enclosing type's (SiteDirectory.Site, SiteTraffic.Port, the settings' records).
     */
    static final String SITE_SERVER_ROOM_APIS = "io\\.sites\\.site\\.(SiteServerProperties"
            + "|directory\\.(SiteDirectory|DirectoryProgress)"
            + "|serving\\.(SiteResponder|SiteRequest|SiteResponse|SiteFiles|ResponseWriter|ResponseHeads|SiteTraffic"
            + "|SitePreviewKey|SecureHosts)"
            + "|transport\\.SiteListener"
            + "|tls\\.(SiteCertificates|DomainCertificates|SealedKeys)"
            + "|replica\\.SiteReplica"
            + "|usage\\.(SiteUsage|UsageFlush|Visitors)|quota\\.(SiteLimits|RequestCeiling))(\\$.*)?";

    @ArchTest
    static final ArchRule siteServerRoomsShowOnlyTheirApi = classes().that().resideInAPackage("io.sites.site..")
            .and().arePublic().should().haveNameMatching(SITE_SERVER_ROOM_APIS)
            .because("each room of the site server is package-private but for the few types the other rooms and app "
                    + "need (its package-info names them): the directory is read, never changed, from outside; the "
                    + "transport hands serving a SiteRequest and writes its SiteResponse; app reports the listener's "
                    + "port, the replica's readiness and the traffic")
            .allowEmptyShould(false);

    @ArchTest
    static final ArchRule replicaCoordinationKnowsNoRole = noClasses().that().resideInAPackage("io.sites.replica..")
            .should().dependOnClassesThat().resideInAnyPackage("io.sites.app..", "io.sites.site..",
                    "io.sites.query..", "io.sites.command..")
            .because("the replica rows, heartbeats, tracking positions and read-your-writes' waits sit below both "
                    + "roles: the site replica and the API replica call them, so a publish's return path goes down "
                    + "into the replicas module, never sideways into site-server")
            .allowEmptyShould(false);

    /** Classes that query or write the database on their own threads: JDBC directly, or Axon's queries in-thread. */
    private static final DescribedPredicate<JavaClass> DATABASE_USERS = DescribedPredicate.describe(
            "use JdbcTemplate, TransactionTemplate or QueryGateway", type -> type.getDirectDependenciesFromSelf()
                    .stream().map(dependency -> dependency.getTargetClass().getName())
                    .anyMatch(java.util.Set.of("org.springframework.jdbc.core.JdbcTemplate",
                            "org.springframework.transaction.support.TransactionTemplate",
                            "org.axonframework.queryhandling.QueryGateway")::contains));

    @ArchTest
    static final ArchRule noInterruptWhereTheDatabaseIsWritten = noClasses().that(DATABASE_USERS)
            .should().callMethodWhere(com.tngtech.archunit.core.domain.JavaCall.Predicates.target(
                    HasName.Predicates.name("shutdownNow")))
            .because("an interrupt that lands in an embedded H2 write closes the whole database (every thread then "
                    + "gets 'The database has been closed'): a class that queries or writes stops its threads with "
                    + "shutdown and a bounded wait, or a flag, never by interrupting them");
}
