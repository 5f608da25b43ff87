package io.fabrichealth.mbeans.metrics;

import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;

/**
 * One metric family being filled at scrape time: a gauge or a counter with HELP text, one data point per label
 * set. Counter names are given without {@code _total}; the exposition adds it.
 */
public final class MetricFamily {
    private final GaugeSnapshot.Builder gauge;
    private final CounterSnapshot.Builder counter;

    private MetricFamily(GaugeSnapshot.Builder gauge, CounterSnapshot.Builder counter) {
        this.gauge = gauge;
        this.counter = counter;
    }

    public static MetricFamily gauge(String name, String help) {
        return new MetricFamily(GaugeSnapshot.builder().name(name).help(help), null);
    }

    public static MetricFamily counter(String name, String help) {
        return new MetricFamily(null, CounterSnapshot.builder().name(name).help(help));
    }

    /** {@code labels} alternates name and value. */
    public MetricFamily add(double value, String... labels) {
        Labels l = Labels.of(labels);
        if (gauge != null) {
            gauge.dataPoint(GaugeDataPointSnapshot.builder().value(value).labels(l).build());
        } else {
            counter.dataPoint(CounterDataPointSnapshot.builder().value(value).labels(l).build());
        }
        return this;
    }

    public MetricSnapshot build() {
        return gauge != null ? gauge.build() : counter.build();
    }
}
