package io.fabrichealth.probes.pingpong;

import java.time.Duration;
import java.util.List;

/**
 * One side's channels of one session. The active side opens first and sends {@link #localAddresses()} in HELLO;
 * the passive side opens, learns them through {@link #peers}, answers WELCOME with its own, then
 * {@link #awaitReady}; the active side then calls {@link #peers} with the passive's addresses.
 */
public interface SessionPlane extends AutoCloseable {
    /** One address per task, in the transport's own form (empty for connection-oriented transports' active side). */
    List<byte[]> localAddresses();

    /** The other side's task addresses: remembered (RDS), inserted (RDM) or connected to (MSG, active side). */
    void peers(List<byte[]> addresses);

    /** Passive: waits until the active side's connections are accepted (MSG); immediate for the others. */
    void awaitReady(Duration timeout);

    Channel channel(int task);

    /** Which transport actually carries the data, read back from the kernel or provider ("tcp", "infiniband"). */
    String transportInUse();

    @Override
    void close();
}
