package com.paycore;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * The application's compiled classes (tests excluded) as ArchUnit reads them, read once per test JVM: the import
 * takes seconds, and the architecture, OpenPGP-loading, SQL-statement and OpenAPI-filter tests all read the same set.
 */
public final class CompiledClasses {

    private CompiledClasses() {
    }

    /** The classes of com.paycore, read on first use. */
    public static JavaClasses all() {
        return Holder.ALL;
    }

    private static final class Holder {
        static final JavaClasses ALL = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("com.paycore");
    }
}
