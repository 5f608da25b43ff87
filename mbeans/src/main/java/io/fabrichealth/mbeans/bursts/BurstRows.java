package io.fabrichealth.mbeans.bursts;

import io.fabrichealth.mbeans.Composites;
import io.fabrichealth.probes.bursts.SuiteResult;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.SimpleType;

/** The one CompositeType of a burst-suite row. */
final class BurstRows {
    static final Composites ROW = new Composites("BurstRow", "one test (a parameter set in a phase) of a burst suite",
            "Phase", SimpleType.STRING,
            "Set", SimpleType.STRING,
            "DurationMillis", SimpleType.DOUBLE,
            "PercentOfDefault", SimpleType.DOUBLE,
            "ThroughputBytesPerSecond", SimpleType.DOUBLE,
            "OpsPerSecond", SimpleType.DOUBLE,
            "Bytes", SimpleType.LONG,
            "Capped", SimpleType.BOOLEAN,
            "Result", SimpleType.STRING,
            "FailureReason", SimpleType.STRING);

    private BurstRows() {
    }

    static CompositeData[] of(SuiteResult suite) {
        return suite.results().stream().map(r -> ROW.of(r.phase().text(), r.set().toString(),
                r.duration().toNanos() / 1e6, SuiteResult.percentOfDefault(r, suite.defaultResult(r.phase())),
                r.throughputBytesPerSecond(), r.opsPerSecond(), r.bytes(), r.capped(), r.outcome().text(), r.reason()))
                .toArray(CompositeData[]::new);
    }
}
