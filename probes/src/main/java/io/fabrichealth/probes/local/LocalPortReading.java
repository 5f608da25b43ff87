package io.fabrichealth.probes.local;

import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One port as sysfs showed it at one read.
 *
 * @param state       sysfs {@code state}, e.g. {@code 4: ACTIVE}; empty when it could not be read
 * @param physState   sysfs {@code phys_state}, e.g. {@code 5: LinkUp}
 * @param rate        sysfs {@code rate}, e.g. {@code 100 Gb/sec (4X EDR)}
 * @param linkLayer   {@code InfiniBand} or {@code Ethernet}
 * @param netdev      the network device under a RoCE port ({@code gid_attrs/ndevs/0}), empty when none
 * @param counters    {@code counters/*}, with the data counters (octets / 4) converted to bytes and named
 *                    {@code port_xmit_data_bytes} and {@code port_rcv_data_bytes}
 * @param hwCounters  the port's {@code hw_counters/*}
 * @param problems    files that could not be read, each with what to check; empty when all were read
 */
public record LocalPortReading(String device, int port, Instant at, String state, String physState, String rate,
        String linkLayer, String netdev, Map<String, Long> counters, Map<String, Long> hwCounters,
        List<String> problems) {

    public LocalPortReading {
        counters = LocalPortReading.sorted(counters);
        hwCounters = LocalPortReading.sorted(hwCounters);
        problems = List.copyOf(problems);
    }

    /**
     * An unmodifiable copy in name order, as {@code ls} lists the files: texts and MBeans list counters in that order
     * every time (Map.copyOf's order changes from one JVM to the next).
     */
    static Map<String, Long> sorted(Map<String, Long> counters) {
        return Collections.unmodifiableSortedMap(new TreeMap<>(counters));
    }

    /** How alarms and texts name the port: {@code rxe0/1}. */
    public String name() {
        return device + "/" + port;
    }

    /** The number in {@code state} (IBA PortState: 1 Down, 2 Init, 3 Armed, 4 Active), or -1 when unreadable. */
    public int stateNumber() {
        return LocalSysfs.leadingNumber(state);
    }

    /** The number in {@code phys_state} (5 LinkUp, 3 Disabled, 2 Polling...), or -1 when unreadable. */
    public int physStateNumber() {
        return LocalSysfs.leadingNumber(physState);
    }

    public boolean ethernet() {
        return "Ethernet".equalsIgnoreCase(linkLayer);
    }
}
