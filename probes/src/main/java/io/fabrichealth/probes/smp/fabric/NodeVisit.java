package io.fabrichealth.probes.smp.fabric;

import io.fabrichealth.probes.mad.NodeInfo;
import io.fabrichealth.probes.mad.NodeType;
import io.fabrichealth.probes.mad.PortInfo;
import io.fabrichealth.probes.mad.SmpRoute;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** What one sweep has gathered about one node so far. */
final class NodeVisit {
    final long guid;
    final NodeInfo info;
    final SmpRoute route;
    final boolean explore;
    final boolean local;
    /** A steady-state visit of a known node: no NodeInfo asked, walks on only through ports that moved. */
    final boolean steady;
    final String destination;
    String description;
    final Map<Integer, PortInfo> portInfos = new TreeMap<>();
    final Set<Integer> portInfoAsked = new HashSet<>();
    /** Port number to PortGUID, from each NodeInfo answer (its LocalPortNum and PortGUID). */
    final Map<Integer, Long> portGuids = new TreeMap<>();
    int portInfosPending;
    final Set<Integer> countersAsked = new HashSet<>();
    final Map<Integer, PmaReading> counters = new TreeMap<>();
    final Map<Integer, String> counterProblems = new TreeMap<>();
    int answered;
    int failed;

    NodeVisit(NodeInfo info, SmpRoute route, boolean explore, boolean local) {
        this(info, route, explore, local, false);
    }

    NodeVisit(NodeInfo info, SmpRoute route, boolean explore, boolean local, boolean steady) {
        this.steady = steady;
        this.guid = info.nodeGuid();
        this.info = info;
        this.route = route;
        this.explore = explore;
        this.local = local;
        this.destination = SweepRun.hex(guid);
    }

    boolean isSwitch() {
        return info.type() == NodeType.SWITCH;
    }
}
