package io.fabrichealth.probes.smp.fabric;

import io.fabrichealth.probes.mad.PhysState;
import io.fabrichealth.probes.mad.PortInfo;
import io.fabrichealth.probes.mad.PortState;
import io.fabrichealth.probes.smp.FabricNode;
import io.fabrichealth.probes.smp.health.CounterBook;
import io.fabrichealth.probes.smp.health.CounterSample;
import io.fabrichealth.probes.smp.health.PortFindings;
import java.time.Instant;
import java.util.List;

/** One port as the agent knows it across sweeps. Written by the sweep thread only. */
public final class KnownPort {
    private final int number;
    private final String subject;
    private PortInfo info;
    private Instant infoAt;
    private boolean everActive;
    private boolean everLinkUp;
    private long portGuid;
    private long remoteGuid;
    private int remotePort;
    private final CounterBook counters = new CounterBook();
    private Instant countersAt;
    private String countersProblem = "";
    private PortFindings findings = PortFindings.UNKNOWN;
    private FabricNode.FabricLink published;
    private boolean flapped;

    KnownPort(int number, String nodeName) {
        this.number = number;
        this.subject = nodeName + "/" + number;
    }

    public int number() {
        return number;
    }

    /** The alarm subject and display name, {@code 0x<node GUID>/<port>}: made once, since every sweep observes it. */
    public String subject() {
        return subject;
    }

    /** The port's GUID as NodeInfo reported it when reached through this port (switch ports share port 0's); 0 = unknown. */
    public long portGuid() {
        return portGuid;
    }

    void portGuid(long guid) {
        portGuid = guid;
    }

    /** The last PortInfo read, or null before the first. */
    public PortInfo info() {
        return info;
    }

    public Instant infoAt() {
        return infoAt;
    }

    /** Active in some sweep before or at the last one. */
    public boolean everActive() {
        return everActive;
    }

    public boolean everLinkUp() {
        return everLinkUp;
    }

    /** The neighbour's node GUID, 0 when none is known. */
    public long remoteGuid() {
        return remoteGuid;
    }

    public int remotePort() {
        return remotePort;
    }

    public CounterBook counters() {
        return counters;
    }

    /** When the counters were last read, or null. */
    public Instant countersAt() {
        return countersAt;
    }

    /** Why the counters could not be read in the last sweep; empty when they were. */
    public String countersProblem() {
        return countersProblem;
    }

    public PortFindings findings() {
        return findings;
    }

    public void findings(PortFindings newFindings) {
        this.findings = newFindings;
    }

    /** Records a fresh PortInfo; returns whether the port had been Active before this one. */
    boolean update(PortInfo newInfo, Instant at) {
        boolean wasActive = everActive;
        info = newInfo;
        infoAt = at;
        everActive |= newInfo.state() == PortState.ACTIVE;
        everLinkUp |= newInfo.physState() == PhysState.LINK_UP;
        if (newInfo.physState() != PhysState.LINK_UP) {
            remoteGuid = 0;
            remotePort = 0;
        }
        return wasActive;
    }

    /** The fleet's published record of this port's cable and Supported masks, or null. */
    public FabricNode.FabricLink published() {
        return published;
    }

    void published(FabricNode.FabricLink link) {
        published = link;
    }

    void linkTo(long guid, int port) {
        remoteGuid = guid;
        remotePort = port;
    }

    List<String> addCounters(CounterSample sample, Instant at) {
        countersAt = at;
        countersProblem = "";
        return counters.add(sample);
    }

    /**
     * Its LinkDownedCounter rose at the last counter reading: the link went down and up between two sweeps, which
     * PortInfo alone cannot see (a node replaced behind a cable does that), so a steady-state sweep walks through it.
     */
    boolean flapped() {
        return flapped;
    }

    void flapped(boolean rose) {
        flapped = rose;
    }

    void countersProblem(String problem) {
        countersProblem = problem;
    }
}
