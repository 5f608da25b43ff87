package io.fabrichealth.probes.pingpong;

import io.fabrichealth.config.Transport;
import java.net.InetAddress;

/**
 * A transport the ping-pong protocol runs over: RDS sockets, libfabric endpoints. It opens the channels of one
 * side of one session; the protocol above it is the same for all.
 */
public interface DataPlane {
    Transport transport();

    /** Null when this host can run the transport, else why not and what to install (UNSUPPORTED, not FAIL). */
    String unavailability();

    /**
     * Opens {@code terms.tasks()} channels on {@code local} (the control connection's own address, so the data
     * path takes the same route, also across network namespaces).
     */
    SessionPlane open(boolean active, InetAddress local, Terms terms);

    /** Reads the transport's kernel counters before an active run; null when it has none to read. */
    default RunCounters countersBefore() {
        return null;
    }
}
