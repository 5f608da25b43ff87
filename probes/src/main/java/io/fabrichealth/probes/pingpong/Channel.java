package io.fabrichealth.probes.pingpong;

import java.nio.ByteBuffer;

/**
 * One task's end of the data path over some transport: messages are built in and received into the channel's
 * own little-endian buffer, so a transport that sends asynchronously (libfabric) keeps ownership of what is in
 * flight. A channel is driven by one thread.
 *
 * <p>Routes name where a message goes: 0..n-1 are the peer tasks (or connections) the channel was opened to.
 */
public interface Channel extends AutoCloseable {
    /** The route of a received message is not known to the transport; reply by the header's task. */
    int ROUTE_BY_TASK = -1;
    /** The message came from an address this channel was not opened for: drop it. */
    int ROUTE_UNKNOWN = -2;

    /** Messages live here (little endian). */
    ByteBuffer buffer();

    /**
     * Where the next outgoing message may be written: an offset in {@link #buffer()}, or -1 when every send
     * buffer is still in flight after waiting {@code timeoutMillis} (the caller counts that as congestion).
     */
    int claimSend(int timeoutMillis);

    /**
     * Sends the {@code length} bytes written at {@code offset} (from {@link #claimSend}) along {@code route}.
     *
     * @return false when the transport's send queue is full (ENOBUFS on RDS, EAGAIN on libfabric): nothing was
     *     sent, the claimed buffer is free again, and the caller waits for acks before building the message anew
     */
    boolean send(int route, int offset, int length);

    /**
     * Waits up to {@code timeoutMillis} for one message. Returns its offset in {@link #buffer()} (valid until
     * the next receive), or -1 when none came. A message the transport itself rejected (truncated by the
     * provider, for instance) is counted in {@link #rejected()} and not returned.
     */
    int receive(int timeoutMillis);

    /** Length of the message {@link #receive} returned last. */
    int receivedLength();

    /** Route of the message {@link #receive} returned last, or {@link #ROUTE_BY_TASK} / {@link #ROUTE_UNKNOWN}. */
    int receivedRoute();

    /** Messages the transport dropped as malformed before they reached the protocol (truncated, too large). */
    long rejected();

    @Override
    void close();
}
