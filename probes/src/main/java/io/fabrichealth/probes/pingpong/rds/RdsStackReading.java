package io.fabrichealth.probes.pingpong.rds;

import io.fabrichealth.jni.rds.RdsConnection;
import io.fabrichealth.jni.rds.RdsFlowControl;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One look at this host's RDS stack: every kernel counter, net.rds.ib.flow_control and the connection table.
 *
 * @param counters    RDS_INFO_COUNTERS in the kernel's names and order; empty when {@code problem} says why
 * @param connections RDS_INFO_CONNECTIONS; empty when none or when they could not be read
 * @param problem     why the counters could not be read and what to do; empty when they were
 */
public record RdsStackReading(Instant at, Map<String, Long> counters, RdsFlowControl flowControl,
        List<RdsConnection> connections, String problem) {

    public RdsStackReading {
        counters = Collections.unmodifiableMap(new LinkedHashMap<>(counters));
        connections = List.copyOf(connections);
    }

    public boolean counted() {
        return problem.isEmpty();
    }
}
