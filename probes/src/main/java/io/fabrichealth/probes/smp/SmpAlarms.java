package io.fabrichealth.probes.smp;

import io.fabrichealth.alarms.AlarmSink;
import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.config.FlappingConfig;
import io.fabrichealth.probes.smp.fabric.FabricMap;
import io.fabrichealth.probes.smp.fabric.KnownNode;
import io.fabrichealth.probes.smp.fabric.KnownPort;
import io.fabrichealth.probes.smp.fabric.SweepReport;
import io.fabrichealth.probes.smp.health.Flapping;
import io.fabrichealth.probes.smp.health.IbaCounter;
import io.fabrichealth.probes.smp.health.PortFindings;
import java.util.function.LongPredicate;

/**
 * One observation per subject and sweep for the SMP alarm kinds; hysteresis is the alarm model's job.
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
    static void report(FabricMap map, SweepReport sweep, AlarmSink sink, LongPredicate owns, Flapping flapping,
            FlappingConfig rule) {
        for (KnownNode k : map.nodes()) {
            String node = k.name();
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
            for (KnownPort p : k.externalPorts()) {
                if (!sweep.freshPorts().contains(p)) {
                    continue;
                }
                String subject = p.subject();
                PortFindings f = p.findings();
                String where = "\"" + k.description() + "\" port " + p.number();
                boolean countersNow = sweep.at().equals(p.countersAt());
                if (p.everActive()) {
                    long linkDowned = countersNow ? p.counters().delta(IbaCounter.LINK_DOWNED_COUNTER) : 0;
                    Flapping.Judgement flap = flapping.observe(subject, sweep.at(), f.portDown(), linkDowned, rule,
                            where);
                    sink.observe(AlarmKind.LinkFlapping, subject, flap.flapping(), flap.details());
                    boolean down = f.portDown() && !flap.portDownIsFlap();
                    sink.observe(AlarmKind.PortDown, subject, down, down ? where + " went Down (was Active)" : "");
                }
                sink.observe(AlarmKind.LinkDegraded, subject, f.degraded(), f.degraded() ? where + ": " + f.degradedRemark() : "");
                if (countersNow) {
                    boolean bad = !f.breaches().isEmpty();
                    sink.observe(AlarmKind.ErrorThreshold, subject, bad, bad ? where + ": " + String.join(", ", f.breaches()) : "");
                }
            }
        }
    }

    private static void handOver(KnownNode k, String node, AlarmSink sink) {
        String to = "the fleet member that owns it";
        sink.handOver(AlarmKind.MadTimeouts, node, to);
        for (KnownPort p : k.externalPorts()) {
            for (AlarmKind kind : new AlarmKind[] {AlarmKind.PortDown, AlarmKind.LinkFlapping, AlarmKind.LinkDegraded,
                    AlarmKind.ErrorThreshold}) {
                sink.handOver(kind, p.subject(), to);
            }
        }
    }
}
