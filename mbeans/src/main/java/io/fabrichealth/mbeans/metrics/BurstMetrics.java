package io.fabrichealth.mbeans.metrics;

import io.fabrichealth.mbeans.bursts.BurstMXBean;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.Collection;
import java.util.function.Supplier;

/**
 * Each burst test's last result for Prometheus, labelled {@code peer}, {@code phase} (get, put) and {@code set} (as
 * configured, {@code cacheless,reregister}), read from the Burst MBeans' cached state: a scrape never runs a burst.
 */
public final class BurstMetrics implements MultiCollector {
    private final Supplier<Collection<BurstMXBean>> bursts;

    public BurstMetrics(Supplier<Collection<BurstMXBean>> bursts) {
        this.bursts = bursts;
    }

    @Override
    public MetricSnapshots collect() {
        MetricFamily seconds = MetricFamily.gauge("fabric_health_burst_duration_seconds",
                "Last run of a burst test: first operation to last verification");
        MetricFamily percent = MetricFamily.gauge("fabric_health_burst_percent_of_default",
                "fabtrun's duration/default against the same phase's default test; -1 with no default yet");
        MetricFamily bytes = MetricFamily.gauge("fabric_health_burst_bytes", "Payload bytes the last run moved and verified");
        MetricFamily ok = MetricFamily.gauge("fabric_health_burst_ok", "1 if the last run of the test was ok");
        MetricFamily runs = MetricFamily.counter("fabric_health_burst_runs", "Runs of the burst test");
        MetricFamily failures = MetricFamily.counter("fabric_health_burst_failures", "Failed runs of the burst test");
        for (BurstMXBean b : bursts.get()) {
            if (b.getRuns() == 0) {
                continue;
            }
            String[] labels = {"peer", b.getPeer(), "phase", b.getPhase(), "set", b.getSet()};
            seconds.add(b.getDurationMillis() / 1e3, labels);
            percent.add(b.getPercentOfDefault(), labels);
            bytes.add(b.getBytes(), labels);
            ok.add(b.getResult().equals("ok") ? 1 : 0, labels);
            runs.add(b.getRuns(), labels);
            failures.add(b.getFailures(), labels);
        }
        return MetricSnapshots.of(seconds.build(), percent.build(), bytes.build(), ok.build(), runs.build(),
                failures.build());
    }
}
