package io.fabrichealth.mbeans.bursts;

import io.fabrichealth.mbeans.Composites;
import io.fabrichealth.probes.bursts.BurstResult;
import io.fabrichealth.probes.bursts.SuiteResult;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.SimpleType;

/** The one CompositeType of a burst-suite row. */
final class BurstRows {
    static final Composites ROW = new Composites("BurstRow", "one parameter set of a burst suite",
            "Set", SimpleType.STRING,
            "DurationMillis", SimpleType.DOUBLE,
            "PercentOfDefault", SimpleType.DOUBLE,
            "ThroughputBytesPerSecond", SimpleType.DOUBLE,
            "OpsPerSecond", SimpleType.DOUBLE,
            "Bytes", SimpleType.LONG,
            "Result", SimpleType.STRING,
            "FailureReason", SimpleType.STRING);

    private BurstRows() {
    }

    static CompositeData[] of(SuiteResult suite) {
        BurstResult base = suite.defaultResult();
        return suite.results().stream().map(r -> ROW.of(r.set(), r.duration().toNanos() / 1e6,
                SuiteResult.percentOfDefault(r, base), r.throughputBytesPerSecond(), r.opsPerSecond(), r.bytes(),
                r.outcome().text(), r.reason())).toArray(CompositeData[]::new);
    }
}
