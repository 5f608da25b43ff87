package io.fabrichealth.probes;

import io.fabrichealth.config.ProbeFamily;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/** Runs and failures per probe family, cheap to bump from any thread and cheap to read. */
public final class ProbeCounts {
    private final Map<ProbeFamily, LongAdder> runs = new EnumMap<>(ProbeFamily.class);
    private final Map<ProbeFamily, LongAdder> failures = new EnumMap<>(ProbeFamily.class);

    public ProbeCounts() {
        for (ProbeFamily f : ProbeFamily.values()) {
            runs.put(f, new LongAdder());
            failures.put(f, new LongAdder());
        }
    }

    public void ran(ProbeFamily family, boolean failed) {
        runs.get(family).increment();
        if (failed) {
            failures.get(family).increment();
        }
    }

    public long runs(ProbeFamily family) {
        return runs.get(family).sum();
    }

    public long failures(ProbeFamily family) {
        return failures.get(family).sum();
    }
}
