package io.fabrichealth.probes.smp.fabric;

import io.fabrichealth.probes.mad.ClassPortInfo;
import io.fabrichealth.probes.mad.NodeInfo;
import io.fabrichealth.probes.mad.NodeType;
import io.fabrichealth.probes.mad.PortInfo;
import io.fabrichealth.probes.mad.SmpRoute;
import io.fabrichealth.probes.smp.FabricNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/** One node as the agent knows it across sweeps. Written by the sweep thread only. */
public final class KnownNode {
    private static final HexFormat HEX = HexFormat.of();

    private final long guid;
    private final String name;
    private NodeInfo info;
    private String description = "";
    private SmpRoute route;
    /** {@code route} as text, made again only when the route changes: each sweep's snapshot shows it. */
    private String routeText = "";
    private boolean local;
    private Instant lastAnswered;
    private boolean answeredLastSweep;
    private int failuresLastSweep;
    private boolean sweptHere;
    private long madsViaRoutes;
    private FabricNode published;
    /** By port number, and in port order; every sweep looks ports up and walks them, so no boxed-key map. */
    private KnownPort[] byNumber = new KnownPort[0];
    private final List<KnownPort> ports = new ArrayList<>();
    private final List<KnownPort> portsView = Collections.unmodifiableList(ports);
    private final List<KnownPort> external = new ArrayList<>();
    private final List<KnownPort> externalView = Collections.unmodifiableList(external);
    private final Map<Integer, ClassPortInfo> pmaByLid = new HashMap<>();

    KnownNode(long guid) {
        this.guid = guid;
        this.name = hex(guid);
    }

    /** How the agent names a node everywhere (alarm subjects, engine destinations): {@code 0x} and 16 hex digits. */
    public static String hex(long guid) {
        return "0x" + HEX.toHexDigits(guid); // not String.format: it runs per node and port on every sweep
    }

    public long guid() {
        return guid;
    }

    /** {@link #hex} of the GUID, made once. */
    public String name() {
        return name;
    }

    public NodeInfo info() {
        return info;
    }

    public NodeType type() {
        return info == null ? NodeType.UNKNOWN : info.type();
    }

    public boolean isSwitch() {
        return type() == NodeType.SWITCH;
    }

    public String description() {
        return description;
    }

    /** How the last sweep reached it: a directed route from the agent's port, or a LID. */
    public SmpRoute route() {
        return route;
    }

    /** {@link #route()} as its toString gives it; empty when no sweep reached the node yet. */
    public String routeText() {
        return routeText;
    }

    /** The node the agent's own port belongs to. */
    public boolean local() {
        return local;
    }

    public Instant lastAnswered() {
        return lastAnswered;
    }

    public boolean answeredLastSweep() {
        return answeredLastSweep;
    }

    /** Requests to this node that failed in the last sweep, after retries. */
    public int failuresLastSweep() {
        return failuresLastSweep;
    }

    /**
     * The LID MADs reach it by: switch port 0's, or the CA's lowest port with one; or the one the fleet's discovery
     * published, when that is newer (the subnet manager may have moved it since this agent last read it); 0 when
     * unknown.
     */
    public int lid() {
        for (KnownPort p : ports) {
            PortInfo pi = p.info();
            if (pi != null && pi.lid() != 0 && (p.number() == 0 || !isSwitch())) {
                boolean listNewer = published != null && published.lid() != 0
                        && p.infoAt().isBefore(published.discoveredAt());
                return listNewer ? published.lid() : pi.lid();
            }
        }
        return published == null ? 0 : published.lid();
    }

    /**
     * This agent was responsible for it in the last sweep: it read (or tried to read) its PortInfo and PMA. Alone
     * that is every node; in a fleet only the nodes it owned and held the claim of. The others are known (for links
     * and LIDs) but neither shown, judged nor alarmed on here.
     */
    public boolean sweptHere() {
        return sweptHere;
    }

    /**
     * MADs sent to it under a route name before its GUID was known (a directed route walked for the first time);
     * the engine counts everything after that under the GUID.
     */
    public long madsViaRoutes() {
        return madsViaRoutes;
    }

    /** The fleet's published record of it, or null when only this agent's own sweeps know it. */
    public FabricNode published() {
        return published;
    }

    void published(FabricNode node) {
        published = node;
        if (description.isEmpty()) {
            description = node.description();
        }
    }

    void addMadsViaRoute(long mads) {
        madsViaRoutes += mads;
    }

    /** The CapabilityMask that speaks for port {@code n}: switch port 0's on a switch, the port's own on a CA. */
    public int capabilityMaskFor(int n) {
        KnownPort p = port(isSwitch() ? 0 : n);
        return p == null || p.info() == null ? 0 : p.info().capabilityMask();
    }

    public KnownPort port(int n) {
        return n >= 0 && n < byNumber.length ? byNumber[n] : null;
    }

    /** Ports with a PortInfo, in port order; port 0 of a switch included. */
    public List<KnownPort> ports() {
        return portsView;
    }

    /** {@link #ports()} but port 0: a switch's port 0 is the switch itself and carries no link. */
    public List<KnownPort> externalPorts() {
        return externalView;
    }

    KnownPort portOrCreate(int n) {
        KnownPort p = port(n);
        if (p != null) {
            return p;
        }
        if (n < 0) {
            throw new IllegalArgumentException("port number " + n);
        }
        if (n >= byNumber.length) {
            byNumber = Arrays.copyOf(byNumber, n + 1);
        }
        p = new KnownPort(n, name);
        byNumber[n] = p;
        insertInOrder(ports, p);
        if (n != 0) {
            insertInOrder(external, p);
        }
        return p;
    }

    private static void insertInOrder(List<KnownPort> list, KnownPort p) {
        int at = list.size();
        while (at > 0 && list.get(at - 1).number() > p.number()) {
            at--; // ports are met mostly in order, so this rarely steps back
        }
        list.add(at, p);
    }

    ClassPortInfo pma(int lid) {
        return pmaByLid.get(lid);
    }

    void pma(int lid, ClassPortInfo cpi) {
        pmaByLid.put(lid, cpi);
    }

    void answered(NodeInfo newInfo, String newDescription, SmpRoute newRoute, boolean isLocal, Instant at) {
        info = newInfo;
        if (newDescription != null) {
            description = newDescription;
        }
        routeText = newRoute == null ? "" : newRoute.equals(route) ? routeText : newRoute.toString();
        route = newRoute;
        local |= isLocal;
        lastAnswered = at;
    }

    void sweepResult(boolean answered, int failures) {
        answeredLastSweep = answered;
        failuresLastSweep = failures;
        sweptHere = true;
    }

    void notSweptHere() {
        sweptHere = false;
    }
}
