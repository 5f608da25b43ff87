package io.fabrichealth.probes.smp;

import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.config.SmpConfig;
import io.fabrichealth.alarms.AlarmSink;
import io.fabrichealth.probes.ProbeResult;
import java.util.ArrayList;
import java.util.List;

/** Helpers for scenarios: a probe on this JVM's umad port, and an alarm sink that remembers what it was told. */
final class Sweeps {
    private Sweeps() {
    }

    static SmpSweepProbe probe(SmpConfig config, AlarmSink alarms) {
        return SmpSweepProbe.onUmad(null, 0, config, alarms);
    }

    static SmpSnapshot sweep(SmpSweepProbe probe) {
        ProbeResult r = probe.check();
        if (r.failed()) {
            throw new AssertionError("sweep failed: " + r.summary());
        }
        return probe.snapshot();
    }

    static PortSnapshot port(SmpSnapshot s, String nodeDescription, int port) {
        return s.ports().stream().filter(p -> p.nodeDescription().equals(nodeDescription) && p.port() == port)
                .findFirst().orElseThrow(() -> new AssertionError("no port " + nodeDescription + "[" + port + "] in "
                        + s.ports().stream().map(p -> p.nodeDescription() + "[" + p.port() + "]").toList()));
    }

    static NodeSnapshot node(SmpSnapshot s, String description) {
        return s.nodes().stream().filter(n -> n.description().equals(description)).findFirst()
                .orElseThrow(() -> new AssertionError("no node " + description));
    }

    /** Every observation, in order: "kind subject bad|good". */
    static final class Recorded implements AlarmSink {
        final List<String> seen = new ArrayList<>();

        @Override
        public synchronized void observe(AlarmKind kind, String subject, boolean bad, String details) {
            seen.add(kind + " " + subject + " " + (bad ? "bad" : "good"));
        }

        @Override
        public synchronized void raise(AlarmKind kind, String subject, String details) {
            seen.add(kind + " " + subject + " raised");
        }

        synchronized List<String> bad() {
            return seen.stream().filter(s -> s.endsWith(" bad")).toList();
        }

        synchronized void clear() {
            seen.clear();
        }
    }
}
