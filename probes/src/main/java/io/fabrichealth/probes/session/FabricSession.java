package io.fabrichealth.probes.session;

import io.fabrichealth.jni.NativeException;
import io.fabrichealth.jni.fabric.AddressVector;
import io.fabrichealth.jni.fabric.CompletionBatch;
import io.fabrichealth.jni.fabric.CompletionQueue;
import io.fabrichealth.jni.fabric.CompletionQueue.CompletionError;
import io.fabrichealth.jni.fabric.Endpoint;
import io.fabrichealth.jni.fabric.EventQueue;
import io.fabrichealth.jni.fabric.FabricDomain;
import io.fabrichealth.jni.fabric.FabricInfo;
import io.fabrichealth.jni.fabric.FabricInstance;
import io.fabrichealth.jni.fabric.Flags;
import io.fabrichealth.jni.fabric.MemoryRegion;
import io.fabrichealth.jni.fabric.OpContexts;
import io.fabrichealth.jni.fabric.Status;
import io.fabrichealth.jni.fabric.WaitSet;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * One libfabric session: a domain with one completion queue (and its wait set) shared by the session's endpoints,
 * an event queue (MSG) or an address vector (RDM), one registered buffer cut into message slots (receives for each
 * endpoint, then sends), contexts for the protocol's own operations (RMA), and quiesce-and-close. The protocol on
 * top sees completions through {@link Completions}; it decides when a received slot is posted again. Driven by
 * one thread.
 */
public final class FabricSession implements AutoCloseable {
    /** What completions mean to the protocol on top. */
    public interface Completions {
        /** Receive slot {@code slot} holds {@code length} bytes; it stays unposted until {@link #repost}. */
        void received(int slot, int length);

        /** The operation posted with {@link #opContext(int)} completed. */
        void completed(int op);

        /** An operation failed (a receive stays unposted; a send's slot is free again already). */
        void failed(Kind kind, int index, CompletionError error);
    }

    /** Which kind of posted operation a completion belongs to. */
    public enum Kind {
        RECEIVE, SEND, OP, UNKNOWN
    }

    /** Completion-queue waiting: none (poll), required (fails without wait objects), or where the provider has them. */
    public enum Wait {
        NONE, REQUIRED, IF_SUPPORTED
    }

    /**
     * The message slots: {@code endpoints x receives} receive slots, then {@code sends} send slots, each
     * {@code bytes} long; then {@code ops} contexts for the protocol's own operations.
     */
    public record Slots(int bytes, int endpoints, int receives, int sends, int ops) {
        int messageSlots() {
            return endpoints * receives + sends;
        }
    }

    /** The provider has no wait objects (Wait.REQUIRED): the caller's result is unsupported. */
    public static final class NoWaitObjects extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NoWaitObjects(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** Completion handling nested deeper than the session allows (see {@link #poll()}). */
    public static final class NestedTooDeep extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NestedTooDeep(String message) {
            super(message);
        }
    }

    /** How long a closing session waits for posted operations to be reported and traffic to stop. */
    public static final long QUIESCE_NANOS = 250_000_000L;
    /**
     * How long a closing session waits for its own operations still in flight (a burst that failed mid-window).
     * rxm's rendezvous transfers behind them are what its fi_close flush crashed on; a target that ends a burst
     * early keeps progressing for this long so they can finish.
     */
    public static final long RMA_DRAIN_NANOS = 1_500_000_000L;
    /** Quiet that counts as stopped: a few of tcp's progress passes. */
    public static final long QUIET_NANOS = 5_000_000L;

    private final FabricInfo info;
    private final FabricInstance fabric;
    private final boolean ownFabric;
    private final FabricDomain domain;
    private final EventQueue eq;
    private final AddressVector av;
    private final CompletionQueue cq;
    private final WaitSet waitSet;
    private final Slots slots;
    private final int receiveSlots;
    private final ByteBuffer messages;
    private final OpContexts contexts;
    /**
     * One completion batch per nesting level: a handler that posts (a CREDIT, a read) can find the queue
     * full and poll again from inside {@link #poll()}, which must not overwrite the batch still being
     * dispatched. Posting only nests when a provider answers EAGAIN, so four levels are plenty.
     */
    private final CompletionBatch[] batches = new CompletionBatch[4];
    private int depth;
    private final List<Endpoint> opened = new ArrayList<>();
    private final List<Endpoint> attached = new ArrayList<>();
    private final List<FabricInfo> kept = new ArrayList<>();
    private MemoryRegion region;
    private final int[] freeSends;
    private int freeSendCount;
    private final boolean[] receivePosted;
    /** Operations posted and not yet completed: a closing session waits for them (see {@link #close}). */
    private final boolean[] opPending;
    private Completions completions;

    /**
     * Opens the domain (and for RDM an address vector of {@code avSize}) on {@code fabric}; MSG endpoints bind
     * {@code eq}, which the caller opened on the fabric first (a listener's passive endpoint may share it). With
     * {@code ownFabric} the session closes the fabric; otherwise (a listener's) it closes its domain and the event
     * queue. On failure whatever it opened is closed again, and the event queue with it.
     */
    public FabricSession(FabricInstance fabric, boolean ownFabric, FabricInfo info, EventQueue eq, Wait wait,
            int cqSize, int avSize, Slots slots) {
        this.info = info;
        this.fabric = fabric;
        this.ownFabric = ownFabric;
        this.slots = slots;
        this.receiveSlots = slots.endpoints() * slots.receives();
        this.eq = eq;
        FabricDomain d = null;
        try {
            d = new FabricDomain(fabric, info);
            this.domain = d;
            this.av = info.rdm() ? new AddressVector(d, avSize) : null;
            CompletionQueue[] c = new CompletionQueue[1];
            this.waitSet = openCq(d, cqSize, wait, c);
            this.cq = c[0];
        } catch (RuntimeException e) {
            if (ownFabric) {
                fabric.close();
            } else {
                if (d != null) {
                    d.close();
                }
                if (eq != null) {
                    eq.close();
                }
            }
            throw e;
        }
        this.messages = ByteBuffer.allocateDirect(Math.multiplyExact(slots.messageSlots(), slots.bytes()))
                .order(ByteOrder.LITTLE_ENDIAN);
        this.contexts = new OpContexts(slots.messageSlots() + slots.ops());
        this.freeSends = new int[slots.sends()];
        for (int i = 0; i < slots.sends(); i++) {
            freeSends[freeSendCount++] = receiveSlots + i;
        }
        this.receivePosted = new boolean[receiveSlots];
        this.opPending = new boolean[slots.ops()];
    }

    /** Opens the completion queue into {@code cq[0]}; the wait set over it, or null. */
    private static WaitSet openCq(FabricDomain domain, int size, Wait wait, CompletionQueue[] cq) {
        if (wait == Wait.NONE) {
            cq[0] = new CompletionQueue(domain, size, false);
            return null;
        }
        CompletionQueue q;
        try {
            q = new CompletionQueue(domain, size, true);
        } catch (NativeException e) {
            if (!Status.unsupported(e.status())) {
                throw e;
            }
            if (wait == Wait.REQUIRED) {
                throw new NoWaitObjects("the provider has no wait objects for completion queues (" + e.getMessage()
                        + "); the wait set needs FI_WAIT_FD", e);
            }
            cq[0] = new CompletionQueue(domain, size, false); // shm: no wait objects, poll instead
            return null;
        }
        WaitSet set = new WaitSet();
        try {
            set.add(q);
            cq[0] = q;
            return set;
        } catch (NativeException e) {
            set.close();
            if (!Status.unsupported(e.status())) {
                throw e;
            }
            if (wait == Wait.REQUIRED) {
                throw new NoWaitObjects("the provider's completion queue has no wait fd (" + e.getMessage()
                        + "); the wait set needs FI_WAIT_FD with fi_trywait", e);
            }
            q.close();
            cq[0] = new CompletionQueue(domain, size, false);
            return null;
        }
    }

    public void completions(Completions c) {
        this.completions = c;
    }

    /** Closes {@code i} with the session, after everything else. */
    public void keep(FabricInfo i) {
        kept.add(i);
    }

    public FabricInfo info() {
        return info;
    }

    public FabricDomain domain() {
        return domain;
    }

    /** MSG: the session's event queue (null for RDM). */
    public EventQueue eventQueue() {
        return eq;
    }

    /** RDM: where messages and operations to {@code address} go (an address-vector entry). */
    public long insert(byte[] address) {
        return av.insert(address);
    }

    /** An endpoint for {@code epInfo}, bound to the event queue or address vector and the CQ, and enabled. */
    public Endpoint openEndpoint(FabricInfo epInfo) {
        Endpoint ep = new Endpoint(domain, epInfo);
        opened.add(ep);
        if (eq != null) {
            ep.bind(eq);
        }
        if (av != null) {
            ep.bind(av);
        }
        ep.bind(cq, Endpoint.BIND_TRANSMIT | Endpoint.BIND_RECV);
        ep.enable();
        return ep;
    }

    /**
     * Takes {@code ep} (enabled for RDM, connected for MSG) into the session and posts its receives. Call it after
     * FI_CONNECTED: sockets drops receives posted before the connection is up. The message buffer is registered
     * with the first endpoint (FI_MR_ENDPOINT binds regions to one).
     */
    public void attach(Endpoint ep) {
        if (attached.size() == slots.endpoints()) {
            throw new IllegalStateException("session is full: " + slots.endpoints() + " endpoints");
        }
        if (region == null) {
            region = domain.register(messages, 0, messages.capacity(), Flags.FI_SEND | Flags.FI_RECV, ep);
        }
        int e = attached.size();
        attached.add(ep);
        for (int i = 0; i < slots.receives(); i++) {
            repost(e * slots.receives() + i);
        }
    }

    /** The message slots (little endian). */
    public ByteBuffer messages() {
        return messages;
    }

    public int offset(int slot) {
        return slot * slots.bytes();
    }

    public int slotOf(int offset) {
        return offset / slots.bytes();
    }

    public int sendSlots() {
        return slots.sends();
    }

    /** Which attached endpoint receive slot {@code slot} belongs to. */
    public int endpointOf(int slot) {
        return slot / slots.receives();
    }

    /** Posts receive slot {@code slot} on its endpoint; drives progress while the provider says EAGAIN. */
    public void repost(int slot) {
        Endpoint ep = attached.get(slot / slots.receives());
        while (!ep.recv(region.address() + (long) slot * slots.bytes(), slots.bytes(), region.desc(),
                Flags.FI_ADDR_UNSPEC, contexts.context(slot))) {
            poll();
        }
        receivePosted[slot] = true;
    }

    public boolean receivePosted(int slot) {
        return receivePosted[slot];
    }

    /** Cancels every posted receive; returns their slots. */
    public List<Integer> cancelReceives() {
        List<Integer> cancelled = new ArrayList<>();
        for (int i = 0; i < receiveSlots; i++) {
            if (receivePosted[i]) {
                attached.get(i / slots.receives()).cancel(contexts.context(i));
                cancelled.add(i);
            }
        }
        return cancelled;
    }

    /** Reposts the receives a cancel took away. */
    public void repostReceives() {
        for (int i = 0; i < receiveSlots; i++) {
            if (!receivePosted[i]) {
                repost(i);
            }
        }
    }

    /** A free send slot, or -1 while all are in flight (their completions free them). */
    public int claimSend() {
        return freeSendCount == 0 ? -1 : freeSends[--freeSendCount];
    }

    /** Gives back a claimed send slot that was not sent. */
    public void releaseSend(int slot) {
        freeSends[freeSendCount++] = slot;
    }

    /**
     * Sends {@code length} bytes of send slot {@code slot} on attached endpoint {@code e} to {@code dest}; false when
     * the provider's queue is full (EAGAIN): the slot stays claimed.
     */
    public boolean trySend(int e, int slot, int length, long dest) {
        return attached.get(e).send(region.address() + offset(slot), length, region.desc(), dest,
                contexts.context(slot));
    }

    /** The context to post operation {@code op} with; it counts as in flight until it completes. */
    public long opContext(int op) {
        opPending[op] = true;
        return contexts.context(slot(op));
    }

    private int slot(int op) {
        return slots.messageSlots() + op;
    }

    /**
     * Reads what completed and dispatches it; the number of completions (errors included). Posting from a
     * handler may call this again from inside itself: each nesting level has its own batch.
     */
    public int poll() {
        if (depth == batches.length) {
            throw new NestedTooDeep("completion handling nested " + depth + " deep: the provider kept answering "
                    + "EAGAIN to posts made while completions were being handled; its queues are smaller than the window");
        }
        CompletionBatch batch = batch(depth);
        depth++;
        try {
            return dispatch(batch);
        } finally {
            depth--;
        }
    }

    private CompletionBatch batch(int level) {
        if (batches[level] == null) {
            batches[level] = new CompletionBatch(16);
        }
        return batches[level];
    }

    private int dispatch(CompletionBatch batch) {
        int n = cq.read(batch);
        if (n < 0) {
            CompletionError error = cq.readError();
            if (error != null) {
                dispatchError(error);
            }
            return 1;
        }
        int sendEnd = slots.messageSlots();
        for (int k = 0; k < n; k++) {
            int i = contexts.indexOf(batch.context(k));
            if (i < 0) {
                continue;
            }
            if (i < receiveSlots) {
                receivePosted[i] = false;
                completions.received(i, (int) batch.length(k));
            } else if (i < sendEnd) {
                freeSends[freeSendCount++] = i;
            } else {
                opPending[i - sendEnd] = false;
                completions.completed(i - sendEnd);
            }
        }
        return n;
    }

    private void dispatchError(CompletionError error) {
        int i = contexts.indexOf(error.context());
        int sendEnd = slots.messageSlots();
        if (i >= 0 && i < receiveSlots) {
            receivePosted[i] = false;
            completions.failed(Kind.RECEIVE, i, error);
        } else if (i >= receiveSlots && i < sendEnd) {
            freeSends[freeSendCount++] = i;
            completions.failed(Kind.SEND, i - receiveSlots, error);
        } else if (i >= 0) {
            opPending[i - sendEnd] = false;
            completions.failed(Kind.OP, i - sendEnd, error);
        } else {
            completions.failed(Kind.UNKNOWN, -1, error);
        }
    }

    /** Whether {@link #await} can sleep: the CQ has a wait fd. */
    public boolean waits() {
        return waitSet != null;
    }

    /** Sleeps on the CQ's wait fd up to {@code timeout}, unless fi_trywait says completions are already there. */
    public void await(Duration timeout) {
        if (fabric.trywait(cq)) {
            waitSet.await(timeout);
        }
    }

    /** MSG: whether the peer went away (FI_SHUTDOWN or an error on the event queue); never blocks long. */
    public String peerGone() {
        if (eq == null) {
            return null;
        }
        EventQueue.Event event = eq.read(Duration.ZERO);
        if (event == null) {
            return null;
        }
        if (event.info() != null) {
            event.info().close();
        }
        if (event.type() == EventQueue.FI_SHUTDOWN) {
            return "the peer closed the connection (FI_SHUTDOWN)";
        }
        if (event.type() == EventQueue.ERROR) {
            return "connection error " + Status.describe(event.status());
        }
        return null;
    }

    public static String describe(CompletionError error) {
        return Status.describe(error.status())
                + (error.providerText() == null || error.providerText().isBlank() ? "" : " (" + error.providerText() + ")");
    }

    /**
     * Quiesces, then closes in fabtests' order: the endpoints before their completion queue, memory regions
     * and domain. Quiescing cancels the receives still posted and reads completions until the session has
     * been quiet for {@link #QUIET_NANOS} (at most {@link #QUIESCE_NANOS}), so what the provider still
     * has queued for a live peer leaves before fi_close flushes it. That flush once crashed the JVM:
     * libfabric 1.17's rxm (rxm_handle_comp_error) dereferences the context of every ECANCELED entry its
     * tcp connections flush, and met one whose context was NULL, a transfer internal to the provider (seen
     * again in the bit-flip test, closing an RDM initiator with reads in flight). So quiescing also waits up
     * to {@link #RMA_DRAIN_NANOS} for this side's own operations to complete. A provider that refuses to cancel
     * still gets closed. Kept infos close last.
     */
    @Override
    public void close() {
        try {
            quiesce();
        } catch (RuntimeException e) {
            // the session is going anyway; what failed is already in the protocol's result
        }
        try {
            if (waitSet != null) {
                waitSet.close();
            }
            for (Endpoint ep : opened) {
                ep.close();
            }
        } finally {
            try {
                if (ownFabric) {
                    fabric.close();
                } else {
                    domain.close();
                    if (eq != null) {
                        eq.close();
                    }
                }
            } finally {
                for (FabricInfo i : kept) {
                    i.close();
                }
            }
        }
    }

    private void quiesce() {
        boolean open = false;
        for (Endpoint ep : attached) {
            open |= ep.isOpen();
        }
        if (!open) {
            return;
        }
        for (int i = 0; i < receiveSlots; i++) {
            if (receivePosted[i]) {
                attached.get(i / slots.receives()).cancel(contexts.context(i));
            }
        }
        long now = System.nanoTime();
        long end = now + QUIESCE_NANOS;
        long opEnd = now + RMA_DRAIN_NANOS;
        long quietFrom = now;
        while (now < end && (any(receivePosted) || now - quietFrom < QUIET_NANOS)
                || now < opEnd && any(opPending)) {
            if (discardCompletions() > 0) {
                quietFrom = System.nanoTime();
            } else {
                LockSupport.parkNanos(50_000L);
            }
            now = System.nanoTime();
        }
    }

    /** Reads completions without dispatching them (the protocol is over); how many were read. */
    private int discardCompletions() {
        CompletionBatch batch = batch(0);
        int n = cq.read(batch);
        if (n < 0) {
            CompletionError error = cq.readError();
            if (error != null) {
                forget(contexts.indexOf(error.context()));
            }
            return 1;
        }
        for (int k = 0; k < n; k++) {
            forget(contexts.indexOf(batch.context(k)));
        }
        return n;
    }

    private void forget(int i) {
        if (i >= 0 && i < receiveSlots) {
            receivePosted[i] = false;
        } else if (i >= slots.messageSlots()) {
            opPending[i - slots.messageSlots()] = false;
        }
    }

    private static boolean any(boolean[] flags) {
        for (boolean f : flags) {
            if (f) {
                return true;
            }
        }
        return false;
    }
}
