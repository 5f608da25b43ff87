package io.fabrichealth.probes.pingpong.fabric;

import io.fabrichealth.jni.fabric.CompletionQueue.CompletionError;
import io.fabrichealth.jni.fabric.EventQueue;
import io.fabrichealth.jni.fabric.FabricInfo;
import io.fabrichealth.jni.fabric.FabricInstance;
import io.fabrichealth.jni.fabric.Flags;
import io.fabrichealth.probes.pingpong.Channel;
import io.fabrichealth.probes.session.FabricSession;
import io.fabrichealth.probes.session.FabricSession.Slots;
import io.fabrichealth.probes.session.FabricSession.Wait;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * A task's channel over libfabric: a {@link FabricSession} whose endpoints (one RDM endpoint, or one MSG endpoint
 * per connection) share its completion queue, and whose message slots are cut for the session's largest message.
 * Receives are posted up front and reposted when the protocol is done with them; sends are free again when their
 * completion comes. Waiting polls for 50 us, then sleeps on the CQ's wait fd (fi_trywait + epoll) where the
 * provider has one.
 */
final class FabricChannel implements Channel, FabricSession.Completions {
    static final long SPIN_NANOS = 50_000;
    private final FabricSession session;
    /** fi_addr_t per route for RDM; empty for MSG (a route is an endpoint there). */
    private long[] addresses = new long[0];
    private final int[] ready;
    private final int[] readyLength;
    private int readyHead;
    private int readyCount;
    private int returned = -1;
    private int returnedLength;
    private long rejected;
    private long sendErrors;

    /**
     * A channel on a session of its own over {@code fabric} (which the session closes).
     *
     * @param eq            MSG: the event queue the endpoints bind (null for RDM)
     * @param maxEndpoints  endpoints this channel will hold (1 for RDM, the peer tasks for MSG)
     * @param receives      receives posted per endpoint
     * @param sends         send slots in all
     * @param avSize        RDM: the address vector's size
     */
    FabricChannel(FabricInstance fabric, FabricInfo info, EventQueue eq, int maxMessageBytes, int maxEndpoints,
            int receives, int sends, int avSize) {
        Slots slots = new Slots((maxMessageBytes + 63) & ~63, maxEndpoints, receives, sends, 0);
        int all = maxEndpoints * receives + sends;
        this.session = new FabricSession(fabric, true, info, eq, Wait.IF_SUPPORTED, Math.max(64, 2 * all), avSize, slots);
        session.completions(this);
        this.ready = new int[maxEndpoints * receives];
        this.readyLength = new int[maxEndpoints * receives];
    }

    FabricSession session() {
        return session;
    }

    /** RDM: the fi_addr_t of each route. */
    void routes(long[] fiAddresses) {
        this.addresses = fiAddresses.clone();
    }

    @Override
    public ByteBuffer buffer() {
        return session.messages();
    }

    @Override
    public int claimSend(int timeoutMillis) {
        long start = System.nanoTime();
        long deadline = start + timeoutMillis * 1_000_000L;
        int slot;
        while ((slot = session.claimSend()) < 0) {
            if (session.poll() == 0) {
                if (System.nanoTime() >= deadline) {
                    return -1;
                }
                idle(start, deadline);
            }
        }
        return session.offset(slot);
    }

    @Override
    public boolean send(int route, int offset, int length) {
        int slot = session.slotOf(offset);
        boolean rdm = addresses.length > 0;
        if (session.trySend(rdm ? 0 : route, slot, length, rdm ? addresses[route] : Flags.FI_ADDR_UNSPEC)) {
            return true;
        }
        session.releaseSend(slot);
        session.poll();
        return false;
    }

    @Override
    public int receive(int timeoutMillis) {
        if (returned >= 0) {
            session.repost(returned);
            returned = -1;
        }
        long start = System.nanoTime();
        long deadline = start + timeoutMillis * 1_000_000L;
        while (readyCount == 0) {
            if (session.poll() == 0) {
                if (timeoutMillis == 0 || System.nanoTime() >= deadline) {
                    return -1;
                }
                idle(start, deadline);
            }
        }
        returned = ready[readyHead];
        returnedLength = readyLength[readyHead];
        readyHead = (readyHead + 1) % ready.length;
        readyCount--;
        return session.offset(returned);
    }

    @Override
    public int receivedLength() {
        return returnedLength;
    }

    @Override
    public int receivedRoute() {
        return addresses.length > 0 ? ROUTE_BY_TASK : session.endpointOf(returned);
    }

    @Override
    public long rejected() {
        return rejected;
    }

    long sendErrors() {
        return sendErrors;
    }

    /** A receive goes to the ready queue; the protocol sees it at its next {@link #receive}. */
    @Override
    public void received(int slot, int length) {
        int tail = (readyHead + readyCount) % ready.length;
        ready[tail] = slot;
        readyLength[tail] = length;
        readyCount++;
    }

    @Override
    public void completed(int op) {
        // the ping-pong posts no operations of its own
    }

    @Override
    public void failed(FabricSession.Kind kind, int index, CompletionError error) {
        if (kind == FabricSession.Kind.RECEIVE) {
            if (!error.cancelled()) {
                rejected++; // e.g. FI_ETRUNC: larger than any message of the session
                session.repost(index);
            }
        } else if (kind == FabricSession.Kind.SEND) {
            sendErrors++;
        }
    }

    /**
     * Nothing completed: poll on for {@link #SPIN_NANOS} after the wait began, then sleep on the wait fd. A sleeping
     * thread's wake-up costs tens of microseconds on a VM's idle vCPU, more than a small round trip itself.
     */
    private void idle(long start, long deadline) {
        if (System.nanoTime() - start < SPIN_NANOS) {
            Thread.onSpinWait();
            return;
        }
        if (session.waits()) {
            long ms = Math.max(1, Math.min(10, (deadline - System.nanoTime()) / 1_000_000L));
            session.await(Duration.ofMillis(ms));
        } else {
            LockSupport.parkNanos(20_000);
        }
    }

    /** Quiesces and closes the session, the fabric with it. */
    @Override
    public void close() {
        session.close();
    }
}
