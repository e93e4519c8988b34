package com.paycore;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import java.util.Optional;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.lang.syntax.ArchRuleDefinition;

import org.junit.jupiter.api.Test;

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
}
