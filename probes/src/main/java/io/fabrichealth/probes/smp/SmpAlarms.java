package io.fabrichealth.probes.smp;

import io.fabrichealth.probes.AlarmSink;
import io.fabrichealth.probes.smp.fabric.FabricMap;
import io.fabrichealth.probes.smp.fabric.KnownNode;
import io.fabrichealth.probes.smp.fabric.KnownPort;
import io.fabrichealth.probes.smp.fabric.SweepReport;
import io.fabrichealth.probes.smp.health.PortFindings;

/**
 * One observation per subject and sweep for the four SMP alarm kinds; hysteresis is the alarm model's job.
 * Ports are {@code 0x<node GUID>/<port>}, nodes {@code 0x<node GUID>}. A port whose PortInfo could not be read this
 * sweep is not observed at all, so a lost MAD neither raises nor clears a port alarm.
 */
final class SmpAlarms {
    static final String PORT_DOWN = "PortDown";
    static final String LINK_DEGRADED = "LinkDegraded";
    static final String ERROR_THRESHOLD = "ErrorThreshold";
    static final String MAD_TIMEOUTS = "MadTimeouts";

    private SmpAlarms() {
    }

    static void report(FabricMap map, SweepReport sweep, AlarmSink sink) {
        for (KnownNode k : map.nodes()) {
            String node = String.format("0x%016x", k.guid());
            boolean silent = sweep.silent().contains(k.guid());
            sink.observe(MAD_TIMEOUTS, node, silent, silent
                    ? "\"" + k.description() + "\" answered none of " + k.failuresLastSweep() + " MAD(s) in this sweep"
                    : "");
            for (KnownPort p : Snapshots.externalPorts(k)) {
                if (!sweep.freshPorts().contains(p)) {
                    continue;
                }
                String subject = node + "/" + p.number();
                PortFindings f = p.findings();
                String where = "\"" + k.description() + "\" port " + p.number();
                if (p.everActive()) {
                    sink.observe(PORT_DOWN, subject, f.portDown(), f.portDown() ? where + " went Down (was Active)" : "");
                }
                sink.observe(LINK_DEGRADED, subject, f.degraded(), f.degraded() ? where + ": " + f.degradedRemark() : "");
                if (sweep.at().equals(p.countersAt())) {
                    boolean bad = !f.breaches().isEmpty();
                    sink.observe(ERROR_THRESHOLD, subject, bad, bad ? where + ": " + String.join(", ", f.breaches()) : "");
                }
            }
        }
    }
}
