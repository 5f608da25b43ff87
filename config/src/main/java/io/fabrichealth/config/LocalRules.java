package io.fabrichealth.config;

import io.fabrichealth.config.bind.Locator;
import io.fabrichealth.config.bind.Problem;
import io.fabrichealth.config.bind.Texts;
import java.util.List;
import java.util.Map;

/** Checks of the local view's section: thresholds name transport-error hw_counters, never congestion. */
final class LocalRules {
    private LocalRules() {
    }

    static void thresholds(Map<String, Long> thresholds, Locator at, List<Problem> out) {
        thresholds.forEach((name, value) -> {
            String field = "local.thresholds." + name;
            if (HwCounters.CONGESTION.contains(name)) {
                out.add(at.problem(field, "a transport-error hw_counters name", Texts.quote(name),
                        name + " counts congestion (DCQCN), which the local view shows but never judges as an error: "
                                + "remove it"));
            } else if (!HwCounters.TRANSPORT_ERROR_DEFAULTS.containsKey(name)) {
                String hint = HwCounters.SYSFS_TO_IBA.containsKey(name)
                        ? name + " is a PortCounters counter: set smp.thresholds." + HwCounters.SYSFS_TO_IBA.get(name)
                        : Texts.didYouMean(name, HwCounters.TRANSPORT_ERROR_DEFAULTS.keySet());
                out.add(at.problem(field, "a transport-error hw_counters name: "
                        + Texts.oneOf(HwCounters.TRANSPORT_ERROR_DEFAULTS.keySet()), Texts.quote(name), hint));
            } else if (value < 1) {
                out.add(at.problem(field, "a count of 1 or more", Texts.quote(value.toString()),
                        "a threshold of 0 would judge every read WARN"));
            }
        });
    }
}
