package io.fabrichealth.probes.smp.fabric;

import io.fabrichealth.probes.mad.NodeInfo;
import io.fabrichealth.probes.mad.NodeType;
import io.fabrichealth.probes.mad.PortInfo;
import io.fabrichealth.probes.mad.SmpRoute;
import java.util.Arrays;
import java.util.function.Consumer;

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
    /** By port number; null where nothing was asked or learnt. An array: a sweep touches every port of 4,000 nodes. */
    private PortVisit[] ports;
    int portInfosPending;
    int answered;
    int failed;

    /** What this sweep gathered about one port of the node. */
    static final class PortVisit {
        final int number;
        boolean infoAsked;
        /** The PortInfo answer; null until one came. */
        PortInfo info;
        /** The PortGUID a NodeInfo answer gave with this port as its LocalPortNum; 0 when none did. */
        long portGuid;
        boolean countersAsked;
        PmaReading counters;
        /** Why the counters could not be asked; null when they could. */
        String counterProblem;

        PortVisit(int number) {
            this.number = number;
        }
    }

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
        this.destination = KnownNode.hex(guid);
        this.ports = new PortVisit[Math.max(info.numPorts(), info.localPortNum()) + 1];
    }

    boolean isSwitch() {
        return info.type() == NodeType.SWITCH;
    }

    /** Port {@code n}'s visit, made on first use (port numbers are 8 bits). */
    PortVisit port(int n) {
        if (n >= ports.length) {
            ports = Arrays.copyOf(ports, n + 1);
        }
        PortVisit p = ports[n];
        if (p == null) {
            p = new PortVisit(n);
            ports[n] = p;
        }
        return p;
    }

    /** Port {@code n}'s PortInfo from this sweep, or null. */
    PortInfo portInfo(int n) {
        PortVisit p = n >= 0 && n < ports.length ? ports[n] : null;
        return p == null ? null : p.info;
    }

    /** Every port visited, in port order. */
    void forEachPort(Consumer<PortVisit> action) {
        for (PortVisit p : ports) {
            if (p != null) {
                action.accept(p);
            }
        }
    }
}
