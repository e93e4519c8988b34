package com.paycore.platform.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.InputStream;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import javax.xml.parsers.DocumentBuilderFactory;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

import org.junit.jupiter.api.Test;
import org.w3c.dom.NodeList;

/**
 * The persistence unit lists its managed classes and excludes the rest (so that the deployment does not read every
 * class of the WAR for mapping annotations): the list must be exactly the classes that carry one. An entity left out
 * would be unknown to JPA at run time; a class listed but gone would fail the deployment.
 */
class PersistenceUnitTest {

    private static final Set<String> MANAGED = Set.of("jakarta.persistence.Entity", "jakarta.persistence.Embeddable",
            "jakarta.persistence.MappedSuperclass", "jakarta.persistence.Converter");

    @Test
    void theUnitListsExactlyTheAnnotatedClassesAndExcludesTheRest() throws Exception {
        var document = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(unit());
        Set<String> listed = new TreeSet<>();
        NodeList classes = document.getElementsByTagName("class");
        for (int i = 0; i < classes.getLength(); i++) {
            listed.add(classes.item(i).getTextContent().trim());
        }
        Set<String> annotated = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("com.paycore").stream()
                .filter(type -> MANAGED.stream().anyMatch(type::isAnnotatedWith))
                .map(JavaClass::getName).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(annotated, listed, "META-INF/persistence.xml's <class> list");
        assertEquals("true", document.getElementsByTagName("exclude-unlisted-classes").item(0).getTextContent().trim());
    }

    private static InputStream unit() {
        return PersistenceUnitTest.class.getResourceAsStream("/META-INF/persistence.xml");
    }
}
