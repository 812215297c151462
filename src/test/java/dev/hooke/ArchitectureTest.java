package dev.hooke;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layering: the engine knows nothing of JavaFX, the command line uses the engine, never
 * the workbench, and inside the engine the integrators, their stability analysis and the
 * simulation come in that order. (ArchUnit fails a rule whose "that" clause matches no class, so neither rule can
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

    /**
     * The methods come before their analysis: the stability analysis reads the integrators (their
     * rules and formulas), never the other way round, and the simulation, which runs them and
     * measures their explosion Δt, comes after both.
     */
    @Test
    void theIntegratorsComeBeforeTheirAnalysisAndTheAnalysisBeforeTheSimulation() {
        noClasses().that().resideInAPackage("dev.hooke.core.integrate..")
                .should().dependOnClassesThat()
                .resideInAnyPackage("dev.hooke.core.stability..", "dev.hooke.core.sim..")
                .check(classes);
        noClasses().that().resideInAPackage("dev.hooke.core.stability..")
                .should().dependOnClassesThat().resideInAPackage("dev.hooke.core.sim..")
                .check(classes);
    }

    /** The model is data: the forces read it (the springs, the wind), it reads no force. */
    @Test
    void theModelDependsOnNoForce() {
        noClasses().that().resideInAPackage("dev.hooke.core.model..")
                .should().dependOnClassesThat().resideInAPackage("dev.hooke.core.force..")
                .check(classes);
    }
}
