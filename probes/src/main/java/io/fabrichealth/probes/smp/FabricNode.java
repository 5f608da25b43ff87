package io.fabrichealth.probes.smp;

import io.fabrichealth.probes.mad.NodeType;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One node as a directed-route discovery found it, published to the fleet: enough for any member to sweep the node
 * by LID and to know where its ports' cables go without walking the fabric itself.
 *
 * @param lid the LID MADs reach it by (switch port 0's, a CA's lowest port with one); 0 = none assigned yet
 * @param numPorts NodeInfo.NumPorts
 * @param portGuid NodeInfo.PortGUID (a switch's port 0; the entry port of a CA)
 * @param local it is the discovering agent's own node (not necessarily the reader's)
 * @param links the cables discovery walked from this node's ports, in port order, with what this end supports
 * @param discoveredAt end of the discovery that found it
 * @param discoveredBy the agent name of the discovering member
 */
public record FabricNode(long guid, int lid, NodeType nodeType, int numPorts, String description, long portGuid,
        boolean local, List<FabricLink> links, Instant discoveredAt, String discoveredBy) {

    public FabricNode {
        Objects.requireNonNull(nodeType, "nodeType");
        Objects.requireNonNull(description, "description");
        links = List.copyOf(links);
        Objects.requireNonNull(discoveredAt, "discoveredAt");
        Objects.requireNonNull(discoveredBy, "discoveredBy");
    }

    /**
     * The cable on {@code port} of this node leads to {@code remotePort} of node {@code remoteGuid}. The port's
     * Supported masks travel with it: a member judging the other end (iblinkinfo's "Could be") needs them, and
     * reading them itself would cost a MAD to a node it does not own. They never change while the node runs.
     *
     * @param linkWidthSupported this port's PortInfo.LinkWidthSupported
     * @param linkSpeedSupported this port's PortInfo.LinkSpeedSupported
     * @param linkSpeedExtSupported this port's PortInfo.LinkSpeedExtSupported
     * @param extendedSpeeds the CapabilityMask that speaks for this port has IsExtendedSpeedsSupported
     */
    public record FabricLink(int port, long remoteGuid, int remotePort, int linkWidthSupported,
            int linkSpeedSupported, int linkSpeedExtSupported, boolean extendedSpeeds) {
    }
}
