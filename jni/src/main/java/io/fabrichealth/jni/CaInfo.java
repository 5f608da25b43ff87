package io.fabrichealth.jni;

import java.util.List;

/**
 * A CA as libibumad reads it from sysfs (umad_get_ca). GUIDs are in host order.
 *
 * @param nodeType 1 = CA, 2 = switch, 3 = router
 * @param numPorts highest port number
 * @param ports    the ports that exist, in port-number order (a switch has only port 0)
 */
public record CaInfo(String name, int nodeType, int numPorts, String fwVersion, String caType,
        long nodeGuid, long systemGuid, List<CaPort> ports) {

    public CaInfo {
        ports = List.copyOf(ports);
    }

    /** Called from C, which has an array at hand rather than a List. */
    static CaInfo fromNative(String name, int nodeType, int numPorts, String fwVersion, String caType,
            long nodeGuid, long systemGuid, CaPort[] ports) {
        return new CaInfo(name, nodeType, numPorts, fwVersion, caType, nodeGuid, systemGuid, List.of(ports));
    }

    /** The port with this number, or null. */
    public CaPort port(int portNum) {
        for (CaPort port : ports) {
            if (port.portNum() == portNum) {
                return port;
            }
        }
        return null;
    }
}
