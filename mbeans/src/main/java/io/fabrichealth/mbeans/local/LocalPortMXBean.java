package io.fabrichealth.mbeans.local;

import javax.management.openmbean.CompositeData;

/**
 * One port of a local CA, {@code fabric.health:type=LocalPort,device=<dev>,port=<n>}, as the local view last read
 * it from sysfs (no MAD is sent). Getters return the last read and never touch sysfs. Texts are sysfs's own
 * ({@code 4: ACTIVE}, {@code 5: LinkUp}, {@code 100 Gb/sec (4X EDR)}); empty when unreadable (see Problems).
 */
public interface LocalPortMXBean {
    /** Pattern matching every local port. */
    String OBJECT_NAME = "fabric.health:type=LocalPort,device=*,port=*";

    String getDevice();

    int getPort();

    String getState();

    String getPhysState();

    String getRate();

    /** {@code InfiniBand} or {@code Ethernet} (RoCE: no SMP sweep covers this port). */
    String getLinkLayer();

    /** The network device under a RoCE port (e.g. eth0); empty when none. */
    String getNetdev();

    /** The device's {@code fw_ver}. */
    String getFirmwareVersion();

    /** The device's {@code board_id}; empty when the driver has none (rxe). */
    String getBoardId();

    /** The device's {@code hca_type}; empty when the driver has none (rxe). */
    String getHcaType();

    String getNodeGuid();

    String getNodeDescription();

    /**
     * {@code counters/*} by sysfs name; the data counters (octets / 4 in sysfs) are converted and named
     * {@code port_xmit_data_bytes} and {@code port_rcv_data_bytes}. Empty when the port has none (rxe).
     */
    CompositeData getCounters();

    /** The port's {@code hw_counters/*} by name (rxe: rcvd_seq_err, completer_retry_err, ...). */
    CompositeData getHwCounters();

    /** The device's own {@code hw_counters/*}, where the kernel keeps some per device; empty otherwise. */
    CompositeData getDeviceHwCounters();

    /** Growth of each {@code counters/*} value since the previous read; empty at the first read. */
    CompositeData getCounterDeltas();

    /** Growth of each port {@code hw_counters/*} value since the previous read; empty at the first read. */
    CompositeData getHwCounterDeltas();

    /** OK, WARN or CRIT, from the state and the error counters' growth since the previous read. */
    String getHealth();

    /** Why, worst first; congestion and resets are informational and do not change Health. */
    String[] getHealthReasons();

    /** Error counters that grew since the previous read, {@code rcvd_seq_err +32}. */
    String[] getMovedCounters();

    /** Error counters that grew by their threshold or more, {@code rcvd_seq_err +32 >= 10}. */
    String[] getThresholdBreaches();

    /** Congestion counters that grew (DCQCN's CNPs, port_xmit_wait): never an error. */
    String[] getCongestion();

    /** Files that could not be read, each with what to check; empty when everything was read. */
    String[] getProblems();

    /** The port (or its device) is gone from sysfs; the values are the last ones read. */
    boolean isGone();

    /** When sysfs was last read for this port (ISO-8601). */
    String getLastRead();
}
