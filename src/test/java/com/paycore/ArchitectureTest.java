package com.paycore;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import java.util.List;
import java.util.Optional;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.lang.syntax.ArchRuleDefinition;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The feature borders (docs/ARCHITECTURE.md), checked over the compiled classes: no package cycles, and no feature
 * reaching into another feature's storage (its repositories and entities). Features talk service to service.
 */
class ArchitectureTest {

    static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("com.paycore");

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

    /** The HTTP contract: resources, providers and JSON bodies, which JAX-RS and JSON-B (Yasson) need public. */
    static boolean httpContract(JavaClass type) {
        return type.isAnnotatedWith("jakarta.ws.rs.Path") || type.isAnnotatedWith("jakarta.ws.rs.ext.Provider")
                || type.getSimpleName().matches(".*(Request|View|Response|Row)");
    }

    /**
     * Beans the container instantiates and proxies (CDI, EJB, ServiceLoader-loaded config sources), kept public: on
     * Payara, Weld does not intercept a public method whose signature uses a package-private type (PLATFORM-NOTES).
     */
    static boolean containerManaged(JavaClass type) {
        return List.of("jakarta.enterprise.context.ApplicationScoped", "jakarta.enterprise.context.RequestScoped",
                        "jakarta.enterprise.context.Dependent", "jakarta.ejb.Singleton", "jakarta.ejb.Stateless")
                .stream().anyMatch(type::isAnnotatedWith)
                || type.isAssignableTo("org.eclipse.microprofile.config.spi.ConfigSource");
    }

    /** Types showing in a public or protected member of a public class (so they must be public themselves). */
    static final java.util.Set<JavaClass> IN_PUBLIC_SIGNATURES = CLASSES.stream()
            .filter(c -> c.getModifiers().contains(JavaModifier.PUBLIC))
            .flatMap(c -> c.getMembers().stream())
            .filter(m -> m.getModifiers().contains(JavaModifier.PUBLIC) || m.getModifiers().contains(JavaModifier.PROTECTED))
            .flatMap(m -> signature(m).stream().filter(t -> !t.equals(m.getOwner())))
            .collect(java.util.stream.Collectors.toSet());

    static List<JavaClass> signature(JavaMember member) {
        if (member instanceof JavaCodeUnit unit) {
            return java.util.stream.Stream.concat(unit.getParameterTypes().stream(), java.util.stream.Stream.of(unit.getReturnType()))
                    .flatMap(t -> t.getAllInvolvedRawTypes().stream()).toList();
        }
        return member instanceof JavaField field ? List.copyOf(field.getType().getAllInvolvedRawTypes()) : List.of();
    }

    /** Package-private by default: a feature type is public only when something outside its package needs it. */
    @Test
    void featureTypesArePublicOnlyWhenNeeded() {
        List<String> needlessly = publicFeatureTypes().stream()
                .filter(c -> !usedFromAnotherPackage(c) && !httpContract(c) && !containerManaged(c) && !IN_PUBLIC_SIGNATURES.contains(c))
                .map(JavaClass::getName).toList();
        assertEquals(List.of(), needlessly, "public without a reason: make them package-private");
    }

    /** What the features offer each other stays small: fewer than 60 public types used outside their package. */
    @Test
    void featuresOfferFewerThanSixtyTypes() {
        long offered = publicFeatureTypes().stream().filter(ArchitectureTest::usedFromAnotherPackage).count();
        assertTrue(offered < 60, offered + " public feature types are used outside their package");
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
}
