package io.fabrichealth.probes.smp;

import io.fabrichealth.alarms.AlarmSink;
import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.probes.smp.fabric.FabricMap;
import io.fabrichealth.probes.smp.fabric.KnownNode;
import io.fabrichealth.probes.smp.fabric.KnownPort;
import io.fabrichealth.probes.smp.fabric.SweepReport;
import io.fabrichealth.probes.smp.health.PortFindings;
import java.util.function.LongPredicate;

/**
 * One observation per subject and sweep for the four SMP alarm kinds; hysteresis is the alarm model's job.
 * Ports are {@code 0x<node GUID>/<port>}, nodes {@code 0x<node GUID>}. A port whose PortInfo could not be read this
 * sweep is not observed at all, so a lost MAD neither raises nor clears a port alarm.
 */
final class SmpAlarms {

    private SmpAlarms() {
    }

    /**
     * @param owns the nodes this agent answers for: in a fleet its own (a discovery also sweeps others' nodes, whose
     *     owners report on them), alone every node
     */
    static void report(FabricMap map, SweepReport sweep, AlarmSink sink, LongPredicate owns) {
        for (KnownNode k : map.nodes()) {
            String node = String.format("0x%016x", k.guid());
            if (!owns.test(k.guid())) {
                handOver(k, node, sink); // another member owns it, judges it and reports its alarms
                continue;
            }
            if (!k.sweptHere()) {
                continue; // owned, but skipped this sweep (claimed or just swept elsewhere): nothing new to say
            }
            boolean silent = sweep.silent().contains(k.guid());
            sink.observe(AlarmKind.MadTimeouts, node, silent, silent
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
                    sink.observe(AlarmKind.PortDown, subject, f.portDown(), f.portDown() ? where + " went Down (was Active)" : "");
                }
                sink.observe(AlarmKind.LinkDegraded, subject, f.degraded(), f.degraded() ? where + ": " + f.degradedRemark() : "");
                if (sweep.at().equals(p.countersAt())) {
                    boolean bad = !f.breaches().isEmpty();
                    sink.observe(AlarmKind.ErrorThreshold, subject, bad, bad ? where + ": " + String.join(", ", f.breaches()) : "");
                }
            }
        }
    }

    private static void handOver(KnownNode k, String node, AlarmSink sink) {
        String to = "the fleet member that owns it";
        sink.handOver(AlarmKind.MadTimeouts, node, to);
        for (KnownPort p : Snapshots.externalPorts(k)) {
            for (AlarmKind kind : new AlarmKind[] {AlarmKind.PortDown, AlarmKind.LinkDegraded, AlarmKind.ErrorThreshold}) {
                sink.handOver(kind, node + "/" + p.number(), to);
            }
        }
    }
}
