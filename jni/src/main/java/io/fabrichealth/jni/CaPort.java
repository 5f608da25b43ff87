package io.fabrichealth.jni;

/**
 * One CA port as libibumad reads it from sysfs (umad_port_t). The port GUID is in host order.
 *
 * @param state     1 Down, 2 Init, 3 Armed, 4 Active
 * @param physState 1 Sleep, 2 Polling, 3 Disabled, 4 PortConfigurationTraining, 5 LinkUp, ...
 * @param rate      Gb/s, integer part only (libibumad parses "2.5 Gb/sec" as 2)
 * @param linkLayer "InfiniBand" or "Ethernet" ("IB" when sysfs does not say)
 */
public record CaPort(int portNum, int state, int physState, int lid, int smLid, int lmc, int rate,
        String linkLayer, long portGuid) {
}
