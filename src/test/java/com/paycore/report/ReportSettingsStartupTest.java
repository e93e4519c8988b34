package com.paycore.report;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;

/**
 * A bad report setting stops the start, naming it: the report service's checks run when the bean is made
 * ({@code @PostConstruct}), and the bean is made at startup (it observes the application's initialization) rather
 * than at the first report.
 */
class ReportSettingsStartupTest {

    private static ReportService withTimeout(String statementTimeout) {
        ReportService service = new ReportService();
        service.maxRangeDays = 400;
        service.maxConcurrentPerCompany = 2;
        service.statementTimeout = statementTimeout;
        return service;
    }

    @Test
    void aBadStatementTimeoutFailsTheBeanNamingTheSetting() {
        assertDoesNotThrow(() -> withTimeout("PT15S").limits());
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> withTimeout("soon").limits());
        assertTrue(refused.getMessage().contains("payments.reports.statement-timeout must be an ISO 8601 duration"),
                refused.getMessage());
    }

    @Test
    void theChecksRunAtStartup() throws Exception {
        assertTrue(ReportService.class.getDeclaredMethod("limits").isAnnotationPresent(PostConstruct.class));
        boolean observesStartup = false;
        for (Method method : ReportService.class.getDeclaredMethods()) {
            for (Parameter parameter : method.getParameters()) {
                Initialized initialized = parameter.getAnnotation(Initialized.class);
                observesStartup |= parameter.isAnnotationPresent(Observes.class) && initialized != null
                        && initialized.value() == ApplicationScoped.class;
            }
        }
        assertTrue(observesStartup, "no observer of the application's start: " + Arrays.toString(ReportService.class
                .getDeclaredMethods()));
    }
}
