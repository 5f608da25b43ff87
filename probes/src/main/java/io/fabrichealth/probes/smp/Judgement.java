package io.fabrichealth.probes.smp;

import io.fabrichealth.probes.mad.PortInfo;
import io.fabrichealth.probes.mad.PortState;
import io.fabrichealth.probes.smp.fabric.FabricMap;
import io.fabrichealth.probes.smp.fabric.KnownNode;
import io.fabrichealth.probes.smp.fabric.KnownPort;
import io.fabrichealth.probes.smp.fabric.SweepReport;
import io.fabrichealth.probes.smp.health.LinkDegradation;
import io.fabrichealth.probes.smp.health.PortJudge;
import io.fabrichealth.probes.smp.health.Thresholds;
import java.util.List;

/** After a sweep: the findings of every port, from its PortInfo, its neighbour's and its counters. */
final class Judgement {

    private Judgement() {
    }

    static void apply(FabricMap map, SweepReport sweep, Thresholds thresholds) {
        for (KnownNode k : map.nodes()) {
            if (!k.sweptHere()) {
                continue; // another member sweeps it, judges it and reports its alarms
            }
            for (KnownPort p : k.externalPorts()) {
                boolean fresh = sweep.freshPorts().contains(p);
                boolean wasActive = fresh ? sweep.wasActive().getOrDefault(p, false) : p.everActive();
                boolean countersNow = sweep.at().equals(p.countersAt());
                p.findings(PortJudge.judge(p.info(), wasActive, k.answeredLastSweep(), degradation(map, k, p),
                        p.countersAt() == null ? null : p.counters(),
                        countersNow ? sweep.resets().getOrDefault(p, List.of()) : List.of(), thresholds));
            }
        }
    }

    /**
     * iblinkinfo's remark for a port that is up and whose neighbour's PortInfo is known, or in a fleet its Supported
     * masks as the node list published them (the neighbour being another member's to read); else empty.
     */
    private static String degradation(FabricMap map, KnownNode node, KnownPort port) {
        PortInfo info = port.info();
        KnownPort remote = map.remoteOf(port);
        if (info == null || info.state() == PortState.DOWN || remote == null) {
            return "";
        }
        int mask = node.capabilityMaskFor(port.number());
        if (remote.info() != null) {
            KnownNode remoteNode = map.node(port.remoteGuid());
            return LinkDegradation.check(info, mask, remote.info(), remoteNode.capabilityMaskFor(remote.number()))
                    .orElse("");
        }
        FabricNode.FabricLink end = remote.published();
        if (end == null) {
            return "";
        }
        return LinkDegradation.check(info, mask, end.linkWidthSupported(), end.linkSpeedSupported(),
                end.linkSpeedExtSupported(), end.extendedSpeeds()).orElse("");
    }
}
