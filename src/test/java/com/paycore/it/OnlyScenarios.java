package com.paycore.it;

import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Runs a part of {@link ApiIT} while working on one feature: {@code mvn verify -Dit.scenarios=Webhooks,Reports} runs only
 * the nested scenario classes of those names (one Payara start, as always). Unset, everything runs.
 */
class OnlyScenarios implements ExecutionCondition {

    /** Whether the nested scenario class of that name runs (everything runs when it.scenarios is unset). */
    static boolean selected(String name) {
        String wanted = System.getProperty("it.scenarios", "").strip();
        return wanted.isEmpty() || Arrays.stream(wanted.split(",")).map(String::strip).anyMatch(name::equals);
    }

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        String wanted = System.getProperty("it.scenarios", "").strip();
        Class<?> type = context.getTestClass().orElse(null);
        if (wanted.isEmpty() || type == null || type.getEnclosingClass() != ApiIT.class) {
            return ConditionEvaluationResult.enabled("all scenarios run");
        }
        Set<String> names = Arrays.stream(wanted.split(",")).map(String::strip).collect(Collectors.toSet());
        return names.contains(type.getSimpleName())
                ? ConditionEvaluationResult.enabled("selected by it.scenarios")
                : ConditionEvaluationResult.disabled("not in it.scenarios=" + wanted);
    }
}
