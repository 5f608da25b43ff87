package io.fabrichealth.probes.smp.route;

/**
 * One node on a route, as ibtracert prints it.
 *
 * @param nodeType "CA", "Switch" or "Router"
 * @param portGuid the GUID of the port it enters by (a switch's is its port 0's), as ibtracert prints it
 * @param inPort the port the packet enters by; 0 at the source
 * @param outPort the port it leaves by; 0 at the destination
 */
public record RouteHop(long nodeGuid, long portGuid, String nodeType, String description, int lid, int inPort, int outPort) {

    public boolean isSwitch() {
        return "Switch".equals(nodeType);
    }

    /** The alarm subject of the port it leaves by ({@code 0x<node GUID>/<port>}), as the Port MBeans name it. */
    public String outSubject() {
        return String.format("0x%016x/%d", nodeGuid, outPort);
    }

    /** The alarm subject of the port it enters by. */
    public String inSubject() {
        return String.format("0x%016x/%d", nodeGuid, inPort);
    }
}
