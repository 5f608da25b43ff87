package io.fabrichealth.config;

import io.fabrichealth.config.bind.Positive;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The local view: this host's CAs and ports read from sysfs, without MADs.
 *
 * @param every how often sysfs is read; the counters' growth between two reads is what the thresholds judge
 * @param thresholds {@code hw_counters} name to threshold (growth per read), overriding
 *     {@link HwCounters#TRANSPORT_ERROR_DEFAULTS}; the IBA {@code counters/*} use {@code smp.thresholds}
 */
public record LocalConfig(@Positive Duration every, Map<String, Long> thresholds) {

    public static final LocalConfig DEFAULTS = new LocalConfig(Duration.ofSeconds(30), Map.of());

    /** The thresholds to apply: the defaults with the configured ones on top. */
    public Map<String, Long> effectiveThresholds() {
        Map<String, Long> m = new LinkedHashMap<>(HwCounters.TRANSPORT_ERROR_DEFAULTS);
        m.putAll(thresholds);
        return Collections.unmodifiableMap(m);
    }
}
