package com.paycore;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import javax.sql.DataSource;
import javax.xml.parsers.DocumentBuilderFactory;

import jakarta.persistence.EntityManager;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.lang.syntax.ArchRuleDefinition;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The feature borders (docs/ARCHITECTURE.md), checked over the compiled classes: no package cycles, and no feature
 * reaching into another feature's storage (its repositories and entities). Features talk service to service.
 */
class ArchitectureTest {

    static final JavaClasses CLASSES = CompiledClasses.all();

    /** The feature (first package under com.paycore) a class belongs to. */
    static Optional<String> feature(JavaClass type) {
        String name = type.getPackageName();
        if (!name.startsWith("com.paycore.")) {
            return Optional.empty();
        }
        String rest = name.substring("com.paycore.".length());
        int dot = rest.indexOf('.');
        return Optional.of(dot < 0 ? rest : rest.substring(0, dot));
    }

    /** Storage of a feature: its repositories, entities and embeddables. */
    static boolean storage(JavaClass type) {
        JavaClass top = type;
        while (top.getEnclosingClass().isPresent()) {
            top = top.getEnclosingClass().get();
        }
        return top.getSimpleName().endsWith("Repository")
                || top.isAnnotatedWith("jakarta.persistence.Entity")
                || top.isAnnotatedWith("jakarta.persistence.Embeddable");
    }

    @Test
    void noPackageCycles() {
        slices().matching("com.paycore.(*)..").should().beFreeOfCycles().check(CLASSES);
    }

    /**
     * docs/ARCHITECTURE.md, "SQL": plain SQL goes through {@code platform.data.Jdbc}; a raw connection only where the
     * container's datasource is not enough (startup before or under it, and the report's own read-only transaction
     * with its statement timeout).
     */
    static final Set<String> RAW_CONNECTIONS = Set.of("com.paycore.platform.data.Jdbc",
            "com.paycore.platform.data.DatabaseReadiness", "com.paycore.platform.data.SchemaMigration",
            "com.paycore.report.ReportService");

    /** Native SQL through the entity manager: none (its statements go through Jdbc on the same connection). */
    static final Set<String> NATIVE_QUERIES = Set.of();

    @Test
    void sqlGoesThroughJdbc() {
        List<String> violations = new ArrayList<>();
        for (JavaClass type : CLASSES) {
            JavaClass top = type;
            while (top.getEnclosingClass().isPresent()) {
                top = top.getEnclosingClass().get();
            }
            String owner = top.getFullName();
            type.getMethodCallsFromSelf().forEach(call -> {
                JavaClass target = call.getTargetOwner();
                String name = call.getName();
                boolean raw = (target.isAssignableTo(DataSource.class) && name.equals("getConnection"))
                        || (target.isAssignableTo(Connection.class)
                        && (name.equals("prepareStatement") || name.equals("createStatement") || name.equals("prepareCall")));
                boolean nativeQuery = target.isAssignableTo(EntityManager.class)
                        && name.equals("createNativeQuery");
                if (raw && !RAW_CONNECTIONS.contains(owner) || nativeQuery && !NATIVE_QUERIES.contains(owner)) {
                    violations.add(call.getDescription());
                }
            });
        }
        assertTrue(violations.isEmpty(), "SQL outside platform.data.Jdbc: " + violations);
    }

    @Test
    void noFeatureReachesIntoAnotherFeaturesStorage() {
        ArchRuleDefinition.classes().should(new ArchCondition<JavaClass>("not use another feature's repositories or entities") {
            @Override
            public void check(JavaClass origin, ConditionEvents events) {
                for (Dependency dependency : origin.getDirectDependenciesFromSelf()) {
                    JavaClass target = dependency.getTargetClass();
                    Optional<String> from = feature(origin);
                    Optional<String> to = feature(target);
                    if (from.isPresent() && to.isPresent() && !from.equals(to) && storage(target)) {
                        events.add(SimpleConditionEvent.violated(dependency, dependency.getDescription()));
                    }
                }
            }
        }).check(CLASSES);
    }

    @Test
    void platformDependsOnNoFeature() {
        ArchRuleDefinition.noClasses().that().resideInAPackage("com.paycore.platform..")
                .should().dependOnClassesThat(DescribedPredicate.describe("are in a feature package",
                        (JavaClass c) -> feature(c).filter(f -> !f.equals("platform")).isPresent()))
                .check(CLASSES);
    }

    /** The platform's rooms and the rooms each may use (docs/ARCHITECTURE.md, "The platform's rooms"). */
    static final Map<String, Set<String>> PLATFORM_ROOMS = Map.of(
            "web", Set.of(),
            "input", Set.of("web", "runtime"),
            "runtime", Set.of("web"),
            "data", Set.of("web", "runtime"));

    /** The room of a platform class (the package right under com.paycore.platform, "" for that package itself). */
    static Optional<String> room(JavaClass type) {
        String name = type.getPackageName();
        if (name.equals("com.paycore.platform")) {
            return Optional.of("");
        }
        if (!name.startsWith("com.paycore.platform.")) {
            return Optional.empty();
        }
        String rest = name.substring("com.paycore.platform.".length());
        int dot = rest.indexOf('.');
        return Optional.of(dot < 0 ? rest : rest.substring(0, dot));
    }

    @Test
    void everyPlatformClassLivesInARoom() {
        List<String> roomless = CLASSES.stream()
                .filter(c -> !c.getSimpleName().equals("package-info"))
                .filter(c -> room(c).filter(r -> !PLATFORM_ROOMS.containsKey(r)).isPresent())
                .map(JavaClass::getName).toList();
        assertEquals(List.of(), roomless, "each platform class belongs in one of the rooms " + PLATFORM_ROOMS.keySet());
    }

    @Test
    void platformRoomsUseOnlyTheRoomsBeforeThem() {
        ArchRuleDefinition.classes().that().resideInAPackage("com.paycore.platform..")
                .should(new ArchCondition<JavaClass>("use only their own room and the rooms before it") {
                    @Override
                    public void check(JavaClass origin, ConditionEvents events) {
                        for (Dependency dependency : origin.getDirectDependenciesFromSelf()) {
                            Optional<String> from = room(origin);
                            Optional<String> to = room(dependency.getTargetClass());
                            if (from.isPresent() && to.isPresent() && !from.equals(to) && !PLATFORM_ROOMS
                                    .getOrDefault(from.get(), Set.of()).contains(to.get())) {
                                events.add(SimpleConditionEvent.violated(dependency, dependency.getDescription()));
                            }
                        }
                    }
                }).check(CLASSES);
    }

    @Test
    void platformRoomsAreFreeOfCycles() {
        slices().matching("com.paycore.platform.(*)..").should().beFreeOfCycles().check(CLASSES);
    }

    /** Public top-level types of the feature packages (everything but the platform kernel). */
    static List<JavaClass> publicFeatureTypes() {
        return CLASSES.stream()
                .filter(c -> !c.isNestedClass() && !c.getSimpleName().equals("package-info"))
                .filter(c -> c.getModifiers().contains(JavaModifier.PUBLIC))
                .filter(c -> feature(c).filter(f -> !f.equals("platform")).isPresent())
                .toList();
    }

    static boolean usedFromAnotherPackage(JavaClass type) {
        return type.getDirectDependenciesToSelf().stream()
                .anyMatch(d -> !d.getOriginClass().getPackageName().equals(type.getPackageName()));
    }

    /**
     * JAX-RS resources: Jersey calls their methods by reflection from its own package, so a package-private resource
     * answers 500 (IllegalAccessException on Payara Micro 6). Providers (filters, exception mappers) need not be
     * public: Jersey calls them through their public interfaces.
     */
    static boolean jaxRsResource(JavaClass type) {
        return type.isAnnotatedWith("jakarta.ws.rs.Path");
    }

    /**
     * Enterprise beans: the EJB specification wants the class public (Payara itself only needs a public no-argument
     * constructor; a package-private singleton without one fails the deployment).
     */
    static boolean enterpriseBean(JavaClass type) {
        return type.isAnnotatedWith("jakarta.ejb.Singleton") || type.isAnnotatedWith("jakarta.ejb.Stateless");
    }

    /** A servlet: the container instantiates it by reflection, which needs a public class. */
    static boolean servlet(JavaClass type) {
        return type.isAnnotatedWith("jakarta.servlet.annotation.WebServlet");
    }

    /** A servlet filter or listener: instantiated by the container by reflection, like a servlet. */
    static boolean webComponent(JavaClass type) {
        return type.isAnnotatedWith("jakarta.servlet.annotation.WebFilter")
                || type.isAnnotatedWith("jakarta.servlet.annotation.WebListener");
    }

    /**
     * A Faces backing bean ({@code @Named}): the expression language calls its getters and actions by reflection, which
     * needs a public class (a package-private one answers "Method not found" or IllegalAccessException).
     */
    static boolean facesBean(JavaClass type) {
        return type.isAnnotatedWith("jakarta.inject.Named");
    }

    /**
     * Loaded by java.util.ServiceLoader (META-INF/services) or instantiated by name from configuration (the OpenAPI
     * filter, mp.openapi.filter): public class and constructor, else the deployment fails or the filter is skipped.
     */
    static boolean serviceLoaded(JavaClass type) {
        return type.isAssignableTo("org.eclipse.microprofile.config.spi.ConfigSource")
                || type.isAssignableTo("org.eclipse.microprofile.openapi.OASFilter");
    }

    /** CDI beans and enterprise beans: the container proxies them, and Weld applies their interceptors. */
    static boolean containerManaged(JavaClass type) {
        return List.of("jakarta.enterprise.context.ApplicationScoped", "jakarta.enterprise.context.RequestScoped",
                        "jakarta.enterprise.context.Dependent", "jakarta.ejb.Singleton", "jakarta.ejb.Stateless")
                .stream().anyMatch(type::isAnnotatedWith);
    }

    static boolean publicOrProtected(JavaMember member) {
        return member.getModifiers().contains(JavaModifier.PUBLIC) || member.getModifiers().contains(JavaModifier.PROTECTED);
    }

    /**
     * Types showing in a public or protected member of a public class, or of a bean of any visibility (an intercepted
     * method must be public and see only public types, see {@link #interceptedMethodsArePublicAndSeeOnlyPublicTypes}).
     */
    static final Set<JavaClass> IN_PUBLIC_SIGNATURES = CLASSES.stream()
            .filter(c -> c.getModifiers().contains(JavaModifier.PUBLIC) || containerManaged(c))
            .flatMap(c -> c.getMembers().stream())
            .filter(ArchitectureTest::publicOrProtected)
            .flatMap(m -> signature(m).stream().filter(t -> !t.equals(m.getOwner())))
            .collect(Collectors.toSet());

    static List<JavaClass> signature(JavaMember member) {
        if (member instanceof JavaCodeUnit unit) {
            return Stream.concat(unit.getParameterTypes().stream(), Stream.of(unit.getReturnType()))
                    .flatMap(t -> t.getAllInvolvedRawTypes().stream()).toList();
        }
        return member instanceof JavaField field ? List.copyOf(field.getType().getAllInvolvedRawTypes()) : List.of();
    }

    /**
     * Package-private by default: a feature type is public only when another package uses it or Payara needs it public
     * (JAX-RS resources, enterprise beans, servlets, ServiceLoader-loaded classes, JSON bodies bound by Yasson) or it shows in
     * such a public signature. CDI beans, providers and entities are not reasons of their own.
     */
    @Test
    void featureTypesArePublicOnlyWhenNeeded() {
        List<String> needlessly = publicFeatureTypes().stream()
                .filter(c -> !usedFromAnotherPackage(c) && !jaxRsResource(c) && !enterpriseBean(c) && !servlet(c)
                        && !webComponent(c) && !facesBean(c) && !serviceLoaded(c)
                        && !jsonBody(c) && !IN_PUBLIC_SIGNATURES.contains(c))
                .map(JavaClass::getName).toList();
        assertEquals(List.of(), needlessly, "public without a reason: make them package-private");
    }

    /**
     * JSON bodies (requests, views, rows, responses): top-level types of their feature, beside its service, public
     * because Yasson refuses a package-private class (a request becomes 400, an answer "Generating incomplete JSON").
     */
    static boolean jsonBody(JavaClass type) {
        return type.getSimpleName().matches(".*(Request|View|Response|Row)")
                || type.getRawSuperclass().filter(s -> s.getName().equals("java.lang.Record")).isPresent()
                || type.getFields().stream().anyMatch(f -> f.getModifiers().contains(JavaModifier.PUBLIC)
                        && !f.getModifiers().contains(JavaModifier.STATIC));
    }

    @Test
    void jsonBodiesArePublic() {
        List<String> hidden = CLASSES.stream()
                .filter(c -> feature(c).filter(f -> !f.equals("platform")).isPresent())
                .filter(c -> c.getSimpleName().matches(".*(Request|View|Response|Row)"))
                .filter(c -> !c.getModifiers().contains(JavaModifier.PUBLIC))
                .map(JavaClass::getName).toList();
        assertEquals(List.of(), hidden, "JSON bodies are bound by Yasson: they must be public");
    }

    /** A resource: a JAX-RS class (annotated @Path) or any class of ours named *Resource, with the types nested in it. */
    static boolean resource(JavaClass type) {
        if (feature(type).isEmpty()) {
            return false;
        }
        JavaClass top = type;
        while (top.getEnclosingClass().isPresent()) {
            top = top.getEnclosingClass().get();
        }
        return jaxRsResource(top) || top.getSimpleName().endsWith("Resource");
    }

    /** Which classes that are not resources depend on a resource. */
    static List<Dependency> dependenciesOnResources() {
        return CLASSES.stream().filter(c -> !resource(c))
                .flatMap(c -> c.getDirectDependenciesFromSelf().stream())
                .filter(d -> resource(d.getTargetClass())).toList();
    }

    /**
     * Entities and services (every class that is not a resource) never depend on a resource: request and response
     * types live beside the feature's service, so the direction is always resource -> service -> entity. There is no
     * exemption: the OpenAPI filter works on the scanned document and does not know the resources.
     */
    @Test
    void entitiesAndServicesNeverDependOnResources() {
        assertTrue(CLASSES.stream().filter(ArchitectureTest::resource)
                        .flatMap(c -> c.getDirectDependenciesFromSelf().stream())
                        .anyMatch(d -> !resource(d.getTargetClass()) && feature(d.getTargetClass()).isPresent()),
                "the check sees resources and what they use: it is not vacuous");
        assertEquals(List.of(), dependenciesOnResources().stream().map(Dependency::getDescription).distinct().toList(),
                "entities and services never use resource types");
    }

    /**
     * What Weld on Payara Micro 6 intercepts, as measured: a method-level {@code @Transactional} is applied only to a
     * public method whose signature has public types alone (a package-private method, or a public one with a
     * package-private parameter or result, runs without its transaction, silently). A class-level binding also covers
     * package-private methods, but a public method of such a bean must likewise see only public types.
     */
    @Test
    void interceptedMethodsArePublicAndSeeOnlyPublicTypes() {
        String transactional = "jakarta.transaction.Transactional";
        List<String> skipped = CLASSES.stream().filter(ArchitectureTest::containerManaged)
                .flatMap(c -> c.getMethods().stream())
                .filter(m -> m.isAnnotatedWith(transactional)
                        || (m.getOwner().isAnnotatedWith(transactional) && publicOrProtected(m)))
                .filter(m -> !m.getModifiers().contains(JavaModifier.PUBLIC) || signature(m).stream()
                        .anyMatch(t -> t.getName().startsWith("com.paycore.") && !t.getModifiers().contains(JavaModifier.PUBLIC)))
                .map(m -> m.getFullName()).toList();
        assertEquals(List.of(), skipped, "Weld would not intercept these methods");
    }

    /** The operations console (docs/ARCHITECTURE.md, "The console"): the top of the stack; nothing uses it. */
    @Test
    void nothingDependsOnTheConsole() {
        ArchRuleDefinition.noClasses().that().resideOutsideOfPackage("com.paycore.console..")
                .should().dependOnClassesThat().resideInAPackage("com.paycore.console..")
                .check(CLASSES);
    }

    /**
     * The console owns no table and reaches data only through the features' services, as the REST resources do: no
     * entity manager, no Jdbc, no resource (a resource's answer is HTTP, and the console never calls itself over HTTP).
     */
    @Test
    void theConsoleCallsServicesOnly() {
        ArchRuleDefinition.noClasses().that().resideInAPackage("com.paycore.console..")
                .should().dependOnClassesThat(DescribedPredicate.describe("are storage, SQL or resources",
                        (JavaClass c) -> storage(c) || resource(c)
                                || c.getName().equals("com.paycore.platform.data.Jdbc")
                                || c.isAssignableTo("jakarta.persistence.EntityManager")
                                || c.getPackageName().startsWith("jakarta.ws.rs")))
                .check(CLASSES);
    }

    /**
     * The console's caller is the API's: it authenticates the request's {@code access.Caller} once, in its gate, from
     * the session's account; no page sets or widens it.
     */
    @Test
    void onlyTheConsoleGateAuthenticatesTheCaller() {
        ArchRuleDefinition.noClasses().that().resideInAPackage("com.paycore.console..")
                .and().doNotHaveFullyQualifiedName("com.paycore.console.ConsoleGate")
                .should().callMethodWhere(DescribedPredicate.describe("authenticates the caller",
                        call -> call.getTarget().getOwner().getName().equals("com.paycore.access.Caller")
                                && call.getTarget().getName().equals("authenticate")))
                .check(CLASSES);
    }

    /**
     * A route whose API-key check runs in its own statement (access.KeyCheckedByRead) reads only: its body may run
     * before the key is checked (whose failure then replaces the answer by the 401), so it must be a GET; every write,
     * authorize included, has its key checked by the key filter before its body is read. The only one to read with
     * the key (ProjectCaller.readWithKey) is the transaction read behind E16.
     */
    @Test
    void onlyGetRoutesCheckTheKeyInTheirRead() {
        ArchRuleDefinition.methods().that().areAnnotatedWith("com.paycore.access.KeyCheckedByRead")
                .should().beAnnotatedWith("jakarta.ws.rs.GET").check(CLASSES);
        ArchRuleDefinition.noClasses().that().resideOutsideOfPackage("com.paycore.access..")
                .and().doNotHaveFullyQualifiedName("com.paycore.transaction.TransactionReads")
                .should().callMethodWhere(DescribedPredicate.describe("reads with the key",
                        call -> call.getTarget().getOwner().getName().equals("com.paycore.access.ProjectCaller")
                                && call.getTarget().getName().equals("readWithKey")))
                .check(CLASSES);
    }

    /** Role checks live in the services (one place), not in the resources. */
    @Test
    void resourcesLeaveRoleChecksToTheServices() {
        ArchRuleDefinition.noClasses().that().areAnnotatedWith("jakarta.ws.rs.Path")
                .should().callMethodWhere(DescribedPredicate.describe("checks the caller's platform role",
                        call -> call.getTarget().getOwner().getName().equals("com.paycore.access.Caller")
                                && call.getTarget().getName().startsWith("requirePlatformAdmin")))
                .check(CLASSES);
    }

    /**
     * The persistence unit lists its managed classes and excludes the rest (so that the deployment does not read every
     * class of the WAR for mapping annotations): the list must be exactly the classes that carry a mapping annotation.
     * An entity left out would be unknown to JPA at run time; a class listed but gone would fail the deployment.
     */
    @Test
    void thePersistenceUnitListsExactlyTheMappedClassesAndExcludesTheRest() throws Exception {
        Document unit;
        try (var in = ArchitectureTest.class.getResourceAsStream("/META-INF/persistence.xml")) {
            unit = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(in);
        }
        Set<String> listed = new TreeSet<>();
        var classes = unit.getElementsByTagName("class");
        for (int i = 0; i < classes.getLength(); i++) {
            listed.add(classes.item(i).getTextContent().trim());
        }
        Set<String> mapped = new TreeSet<>();
        for (JavaClass type : CLASSES) {
            if (List.of("Entity", "Embeddable", "MappedSuperclass", "Converter").stream()
                    .anyMatch(a -> type.isAnnotatedWith("jakarta.persistence." + a))) {
                mapped.add(type.getName());
            }
        }
        assertEquals(mapped, listed, "META-INF/persistence.xml's <class> list");
        assertEquals("true", unit.getElementsByTagName("exclude-unlisted-classes").item(0).getTextContent().trim());
    }
}
