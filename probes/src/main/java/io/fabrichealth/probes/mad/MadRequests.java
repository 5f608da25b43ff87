package io.fabrichealth.probes.mad;

import java.util.Objects;

/**
 * The Get requests a read-only fabric monitor needs. SMPs go LID-routed or directed-route
 * ({@link SmpRoute}); PerfMgt requests are GMPs on QP1, which IBA routes by LID only.
 */
public final class MadRequests {

    private MadRequests() {
    }

    public static MadRequest nodeInfo(SmpRoute route) {
        return MadRequest.smp(NodeInfo.ATTRIBUTE_ID, "NodeInfo", 0, Objects.requireNonNull(route, "route"));
    }

    public static MadRequest nodeDescription(SmpRoute route) {
        return MadRequest.smp(NodeDescription.ATTRIBUTE_ID, "NodeDescription", 0, Objects.requireNonNull(route, "route"));
    }

    public static MadRequest switchInfo(SmpRoute route) {
        return MadRequest.smp(SwitchInfo.ATTRIBUTE_ID, "SwitchInfo", 0, Objects.requireNonNull(route, "route"));
    }

    /** One 64-LID block of a switch's LinearForwardingTable; the block number is the attribute modifier. */
    public static MadRequest linearForwardingTable(SmpRoute route, int block) {
        if (block < 0 || block > LidRoute.MAX_UNICAST_LID / LinearForwardingTable.LIDS_PER_BLOCK) {
            throw new IllegalArgumentException("LFT block " + block + " is past the last unicast LID's block");
        }
        return MadRequest.smp(LinearForwardingTable.ATTRIBUTE_ID, "LinearForwardingTable", block,
                Objects.requireNonNull(route, "route"));
    }

    /** PortInfo of {@code portNum} (0 is a switch's management port; a CA answers for its own ports). */
    public static MadRequest portInfo(SmpRoute route, int portNum) {
        checkPort("portNum", portNum);
        return MadRequest.smp(PortInfo.ATTRIBUTE_ID, "PortInfo", portNum, Objects.requireNonNull(route, "route"));
    }

    /** The PMA's ClassPortInfo: which counter attributes and widths the port supports. */
    public static MadRequest pmaClassPortInfo(int lid) {
        return MadRequest.pma(ClassPortInfo.ATTRIBUTE_ID, "ClassPortInfo", lid, -1);
    }

    /** PortCounters of {@code portSelect}; 0xFF sums all ports where ClassPortInfo has AllPortSelect. */
    public static MadRequest portCounters(int lid, int portSelect) {
        checkPort("portSelect", portSelect);
        return MadRequest.pma(PortCounters.ATTRIBUTE_ID, "PortCounters", lid, portSelect);
    }

    /** PortCountersExtended of {@code portSelect}; needs ExtendedWidth (or NoIETF) in ClassPortInfo. */
    public static MadRequest portCountersExtended(int lid, int portSelect) {
        checkPort("portSelect", portSelect);
        return MadRequest.pma(PortCountersExtended.ATTRIBUTE_ID, "PortCountersExtended", lid, portSelect);
    }

    private static void checkPort(String name, int port) {
        if (port < 0 || port > 255) {
            throw new IllegalArgumentException(name + " " + port + " is not a port number (0..255)");
        }
    }
}
