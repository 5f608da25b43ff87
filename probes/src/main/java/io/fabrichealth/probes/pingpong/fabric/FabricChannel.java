package io.fabrichealth.probes.pingpong.fabric;

import io.fabrichealth.jni.NativeException;
import io.fabrichealth.jni.fabric.CompletionBatch;
import io.fabrichealth.jni.fabric.CompletionQueue;
import io.fabrichealth.jni.fabric.Endpoint;
import io.fabrichealth.jni.fabric.FabricDomain;
import io.fabrichealth.jni.fabric.FabricInstance;
import io.fabrichealth.jni.fabric.Flags;
import io.fabrichealth.jni.fabric.MemoryRegion;
import io.fabrichealth.jni.fabric.OpContexts;
import io.fabrichealth.jni.fabric.Status;
import io.fabrichealth.jni.fabric.WaitSet;
import io.fabrichealth.probes.pingpong.Channel;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * A task's channel over libfabric: one completion queue shared by the task's endpoints (one RDM endpoint, or one
 * MSG endpoint per connection), one registered buffer cut into receive and send slots. Receives are posted up
 * front and reposted when the protocol is done with them; sends are free again when their completion comes.
 * Waiting polls for 50 us, then sleeps on the CQ's wait fd (fi_trywait + epoll) where the provider has one.
 */
final class FabricChannel implements Channel {
    static final long SPIN_NANOS = 50_000;
    private final FabricInstance fabric;
    private final FabricDomain domain;
    private final CompletionQueue cq;
    private final WaitSet waitSet;
    private final List<Endpoint> endpoints = new ArrayList<>();
    private final List<Integer> receivesOf = new ArrayList<>();
    private final int slotBytes;
    private final int receivesPerEndpoint;
    private final int sends;
    private final int maxEndpoints;
    private final ByteBuffer buffer;
    private final OpContexts contexts;
    private final CompletionBatch batch = new CompletionBatch(16);
    private MemoryRegion region;
    /** fi_addr_t per route for RDM; empty for MSG (a route is an endpoint there). */
    private long[] addresses = new long[0];
    private final int[] freeSends;
    private int freeCount;
    private final int[] ready;
    private final int[] readyLength;
    private int readyHead;
    private int readyCount;
    private int returned = -1;
    private int returnedLength;
    private long rejected;
    private long sendErrors;

    /**
     * @param maxEndpoints  endpoints this channel will hold (1 for RDM, the peer tasks for MSG)
     * @param receives      receives posted per endpoint
     * @param sends         send slots in all
     */
    FabricChannel(FabricInstance fabric, FabricDomain domain, int maxMessageBytes, int maxEndpoints, int receives,
            int sends) {
        this.fabric = fabric;
        this.domain = domain;
        this.slotBytes = (maxMessageBytes + 63) & ~63;
        this.receivesPerEndpoint = receives;
        this.sends = sends;
        this.maxEndpoints = maxEndpoints;
        int slots = maxEndpoints * receives + sends;
        this.buffer = ByteBuffer.allocateDirect(Math.multiplyExact(slots, slotBytes)).order(ByteOrder.LITTLE_ENDIAN);
        this.contexts = new OpContexts(slots);
        CompletionQueue q;
        WaitSet w = null;
        try {
            q = new CompletionQueue(domain, Math.max(64, 2 * slots), true);
            w = new WaitSet();
            w.add(q);
        } catch (NativeException e) {
            if (w != null) {
                w.close();
                w = null;
            }
            if (!Status.unsupported(e.status())) {
                throw e;
            }
            q = new CompletionQueue(domain, Math.max(64, 2 * slots), false); // shm: no wait objects, poll instead
        }
        this.cq = q;
        this.waitSet = w;
        this.freeSends = new int[sends];
        for (int i = 0; i < sends; i++) {
            freeSends[freeCount++] = maxEndpoints * receives + i;
        }
        this.ready = new int[maxEndpoints * receives];
        this.readyLength = new int[maxEndpoints * receives];
    }

    CompletionQueue cq() {
        return cq;
    }

    FabricDomain domain() {
        return domain;
    }

    /** Adds an endpoint that is bound and enabled (RDM) or connected/accepted (MSG), and posts its receives. */
    void addEndpoint(Endpoint ep) {
        if (endpoints.size() == maxEndpoints) {
            throw new IllegalStateException("channel is full: " + maxEndpoints + " endpoints");
        }
        if (region == null) {
            region = domain.register(buffer, 0, buffer.capacity(), Flags.FI_SEND | Flags.FI_RECV, ep);
        }
        int e = endpoints.size();
        endpoints.add(ep);
        receivesOf.add(e);
        for (int i = 0; i < receivesPerEndpoint; i++) {
            post(e * receivesPerEndpoint + i);
        }
    }

    int endpointCount() {
        return endpoints.size();
    }

    /** RDM: the fi_addr_t of each route. */
    void routes(long[] fiAddresses) {
        this.addresses = fiAddresses.clone();
    }

    @Override
    public ByteBuffer buffer() {
        return buffer;
    }

    @Override
    public int claimSend(int timeoutMillis) {
        long start = System.nanoTime();
        long deadline = start + timeoutMillis * 1_000_000L;
        while (freeCount == 0) {
            if (progress() == 0) {
                if (System.nanoTime() >= deadline) {
                    return -1;
                }
                idle(start, deadline);
            }
        }
        return freeSends[--freeCount] * slotBytes;
    }

    @Override
    public boolean send(int route, int offset, int length) {
        int slot = offset / slotBytes;
        Endpoint ep = addresses.length > 0 ? endpoints.get(0) : endpoints.get(route);
        long dest = addresses.length > 0 ? addresses[route] : Flags.FI_ADDR_UNSPEC;
        if (ep.send(region.address() + offset, length, region.desc(), dest, contexts.context(slot))) {
            return true;
        }
        freeSends[freeCount++] = slot;
        progress();
        return false;
    }

    @Override
    public int receive(int timeoutMillis) {
        if (returned >= 0) {
            post(returned);
            returned = -1;
        }
        long start = System.nanoTime();
        long deadline = start + timeoutMillis * 1_000_000L;
        while (readyCount == 0) {
            if (progress() == 0) {
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
        return returned * slotBytes;
    }

    @Override
    public int receivedLength() {
        return returnedLength;
    }

    @Override
    public int receivedRoute() {
        return addresses.length > 0 ? ROUTE_BY_TASK : returned / receivesPerEndpoint;
    }

    @Override
    public long rejected() {
        return rejected;
    }

    long sendErrors() {
        return sendErrors;
    }

    private void post(int slot) {
        Endpoint ep = endpoints.get(slot / receivesPerEndpoint);
        while (!ep.recv(region.address() + (long) slot * slotBytes, slotBytes, region.desc(), Flags.FI_ADDR_UNSPEC,
                contexts.context(slot))) {
            progress();
        }
    }

    /** Reads completions: receives go to the ready queue, sends free their slot. Returns how many. */
    private int progress() {
        int n = cq.read(batch);
        if (n < 0) {
            onError(cq.readError());
            return 1;
        }
        int receiveSlots = maxEndpoints * receivesPerEndpoint;
        for (int k = 0; k < n; k++) {
            int slot = contexts.indexOf(batch.context(k));
            if (slot < 0) {
                continue;
            }
            if (slot < receiveSlots) {
                int tail = (readyHead + readyCount) % ready.length;
                ready[tail] = slot;
                readyLength[tail] = (int) batch.length(k);
                readyCount++;
            } else {
                freeSends[freeCount++] = slot;
            }
        }
        return n;
    }

    private void onError(CompletionQueue.CompletionError error) {
        if (error == null) {
            return;
        }
        int slot = contexts.indexOf(error.context());
        if (slot < 0) {
            return;
        }
        if (slot < maxEndpoints * receivesPerEndpoint) {
            if (!error.cancelled()) {
                rejected++; // e.g. FI_ETRUNC: larger than any message of the session
                post(slot);
            }
        } else {
            sendErrors++;
            freeSends[freeCount++] = slot;
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
        if (waitSet != null) {
            if (fabric.trywait(cq)) {
                long ms = Math.max(1, Math.min(10, (deadline - System.nanoTime()) / 1_000_000L));
                waitSet.await(Duration.ofMillis(ms));
            }
        } else {
            LockSupport.parkNanos(20_000);
        }
    }

    @Override
    public void close() {
        if (waitSet != null) {
            waitSet.close();
        }
        // Endpoints, the region and the CQ are children of the domain: closing it closes them first.
    }
}
