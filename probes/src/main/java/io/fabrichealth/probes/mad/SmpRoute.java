package io.fabrichealth.probes.mad;

/** How an SMP reaches its target: by LID once the SM has assigned LIDs, or hop by hop before (and beside) that. */
public sealed interface SmpRoute permits LidRoute, DrPath {

    /** LID-routed, to a unicast LID. */
    static LidRoute lid(int lid) {
        return new LidRoute(lid);
    }

    /** Directed route through these out-ports, starting at the local port. */
    static DrPath directed(int... outPorts) {
        return DrPath.of(outPorts);
    }
}
