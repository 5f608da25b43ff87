package io.fabrichealth.config;

import io.fabrichealth.config.bind.Locator;
import io.fabrichealth.config.bind.Problem;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks that need more than one value or the file system. Runs even when binding found problems, so one load
 * reports everything; values that failed to bind hold their defaults (or null for required ones) by then.
 */
final class ConfigValidator {
    private ConfigValidator() {
    }

    static List<Problem> check(FabricHealthConfig config, Locator at) {
        List<Problem> out = new ArrayList<>();
        NetworkRules.check(config, at, out);
        ProbeRules.check(config, at, out);
        ScheduleRules.check(config, at, out);
        FleetRules.check(config, at, out);
        return out;
    }
}
