package dev.hooke;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layering: the engine knows nothing of JavaFX, and the command line uses the engine, never
 * the workbench. (ArchUnit fails a rule whose "that" clause matches no class, so neither rule can
 * pass vacuously.)
 */
class ArchitectureTest {

    private static JavaClasses classes;

    @BeforeAll
    static void importMainClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.hooke");
    }

    @Test
    void theCoreDoesNotDependOnJavaFx() {
        noClasses().that().resideInAPackage("dev.hooke.core..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..")
                .check(classes);
    }

    @Test
    void theCommandLineDoesNotDependOnTheWorkbench() {
        noClasses().that().resideInAPackage("dev.hooke.cli..")
                .should().dependOnClassesThat().resideInAPackage("dev.hooke.fx..")
                .check(classes);
    }
}
