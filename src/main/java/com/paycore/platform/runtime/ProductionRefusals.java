package com.paycore.platform.runtime;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What features add to the production guard's refusals (a CDI event {@link ProductionGuard} fires on each readiness
 * check in production mode): by the name of what is wrong (a setting, or a kind of stored configuration), why. Counts
 * and setting names only: readiness is public, so no tenant's data goes here.
 */
public final class ProductionRefusals {

    private final Map<String, String> refusals = new LinkedHashMap<>();

    public void add(String name, String problem) {
        refusals.put(name, problem);
    }

    Map<String, String> all() {
        return refusals;
    }
}
