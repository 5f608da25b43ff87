package io.fabrichealth.probes.bursts;

import io.fabrichealth.config.HostPort;
import io.fabrichealth.jni.NativeException;
import io.fabrichealth.jni.fabric.AddressVector;
import io.fabrichealth.jni.fabric.CompletionBatch;
import io.fabrichealth.jni.fabric.CompletionQueue;
import io.fabrichealth.jni.fabric.CompletionQueue.CompletionError;
import io.fabrichealth.jni.fabric.Endpoint;
import io.fabrichealth.jni.fabric.EventQueue;
import io.fabrichealth.jni.fabric.FabricDomain;
import io.fabrichealth.jni.fabric.FabricHints;
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

/**
 * One side of one burst over libfabric: endpoint, completion queue, the control-message pools, and
 * the operation contexts (receives, sends, then one per RMA slot). MSG links connect or accept;
 * RDM links talk through an address vector. Everything closes with the link, children first.
 */
final class Link implements AutoCloseable {
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

    /** What completions mean to the side driving the link. */
    abstract static class Handler {
        /** A message that passed {@link Wire#check}. */
        abstract void onMessage(ByteBuffer messages, int at);

        /** Who sends this side its messages, as alarms and reasons name it. */
        abstract String peerName();

        /**
         * A message that failed {@link Wire#check}. The default fails the burst with the decode error; a handler
         * that returns instead drops the message (its receive is posted again).
         */
        void onDamaged(WireException damaged) {
            throw damaged;
        }

        abstract void onRma(int slot);

        /** A failed operation; the default fails the burst. */
        void onError(Op op, int index, CompletionError error) {
            throw new BurstFailure(op.text(index) + " failed: " + describe(error));
        }
    }

    /** Which kind of posted operation a completion belongs to. */
    enum Op {
        RECEIVE, SEND, RMA, UNKNOWN;

        String text(int index) {
            switch (this) {
                case RECEIVE: return "receive #" + index;
                case SEND: return "control message send";
                case RMA: return "RMA on slot " + index;
                default: return "an operation";
            }
        }
    }

    private final FabricInfo info;
    private final FabricInstance fabric;
    private final FabricDomain domain;
    private final EventQueue eq;
    private final AddressVector av;
    private final CompletionQueue cq;
    private final Endpoint ep;
    private final WaitSet waitSet;
    private final OpContexts contexts;
    /**
     * One completion batch per nesting level: a handler that posts (a CREDIT, a read) can find the queue
     * full and poll again from inside {@link #poll()}, which must not overwrite the batch still being
     * dispatched. Posting only nests when a provider answers EAGAIN, so four levels are plenty.
     */
    private final CompletionBatch[] batches = new CompletionBatch[4];
    private int depth;
    private final ByteBuffer messages;
    private final MemoryRegion messageRegion;
    private final int receives;
    private final int sends;
    private final int[] freeSends;
    private int freeSendCount;
    private final boolean[] receivePosted;
    /** RMA slots posted and not yet completed: a closing link waits for them (see {@link #close}). */
    private final boolean[] rmaPending;
    private long peer = Flags.FI_ADDR_UNSPEC;
    private Handler handler;

    /**
     * @param rmaSlots RMA operations this side posts at once
     * @param window   slots in flight between the sides: receives cover two messages per slot
     */
    private Link(FabricInfo info, FabricInstance fabric, boolean ownFabric, EventQueue eq, boolean wait,
            int rmaSlots, int window) {
        this.info = info;
        this.fabric = fabric;
        this.receives = 2 * window + 8;
        this.sends = window + 8;
        FabricDomain d = null;
        try {
            d = new FabricDomain(fabric, info);
            this.domain = d;
            this.eq = eq;
            this.av = info.rdm() ? new AddressVector(d, 4) : null;
            this.cq = openCq(d, rmaSlots, wait);
            this.ep = new Endpoint(d, info);
            if (eq != null) {
                ep.bind(eq);
            }
            if (av != null) {
                ep.bind(av);
            }
            ep.bind(cq, Endpoint.BIND_TRANSMIT | Endpoint.BIND_RECV);
            ep.enable();
            this.waitSet = wait ? openWaitSet(cq) : null;
            this.contexts = new OpContexts(receives + sends + rmaSlots);
            this.messages = ByteBuffer.allocateDirect((receives + sends) * Wire.SIZE).order(ByteOrder.LITTLE_ENDIAN);
            this.messageRegion = d.register(messages, 0, messages.capacity(), Flags.FI_SEND | Flags.FI_RECV, ep);
        } catch (RuntimeException e) {
            if (ownFabric) {
                fabric.close();
            } else if (d != null) {
                d.close();
            }
            throw e;
        }
        this.ownFabric = ownFabric;
        this.freeSends = new int[sends];
        for (int i = 0; i < sends; i++) {
            freeSends[freeSendCount++] = receives + i;
        }
        this.receivePosted = new boolean[receives];
        this.rmaPending = new boolean[rmaSlots];
    }

    private final boolean ownFabric;

    private static CompletionQueue openCq(FabricDomain domain, int rmaSlots, boolean wait) {
        try {
            return new CompletionQueue(domain, Math.max(64, 4 * rmaSlots + 32), wait);
        } catch (NativeException e) {
            if (wait && Status.unsupported(e.status())) {
                throw new BurstUnsupported("the provider has no wait objects for completion queues (" + e.getMessage()
                        + "); the wait set needs FI_WAIT_FD", e);
            }
            throw e;
        }
    }

    private static WaitSet openWaitSet(CompletionQueue cq) {
        WaitSet set = new WaitSet();
        try {
            set.add(cq);
            return set;
        } catch (NativeException e) {
            set.close();
            if (Status.unsupported(e.status())) {
                throw new BurstUnsupported("the provider's completion queue has no wait fd (" + e.getMessage()
                        + "); the wait set needs FI_WAIT_FD with fi_trywait", e);
            }
            throw e;
        }
    }

    /** Initiator: connect (MSG) or address (RDM) the target at {@code target}. */
    static Link connect(FabricHints hints, HostPort target, boolean wait, int rmaSlots) {
        FabricInfo info = getinfo(hints.destination(target.host(), target.port()));
        FabricInstance fabric = null;
        try {
            fabric = new FabricInstance(info);
            EventQueue eq = !info.rdm() ? new EventQueue(fabric) : null;
            Link link = new Link(info, fabric, true, eq, wait, rmaSlots, rmaSlots);
            if (eq == null) {
                link.peer = link.av.insert(info.destinationAddress());
                link.postReceives();
                return link;
            }
            try {
                link.ep.connect(info);
                link.awaitConnected("connecting to burst target " + target);
                link.postReceives();
                return link;
            } catch (RuntimeException e) {
                link.close();
                throw e;
            }
        } catch (RuntimeException e) {
            if (fabric != null) {
                fabric.close();
            }
            info.close();
            throw e;
        }
    }

    /** MSG target: accept one connection request (the link owns {@code request} from now on). */
    static Link accept(FabricInstance listener, FabricInfo request, boolean wait, int rmaSlots, int window) {
        EventQueue eq = null;
        try {
            eq = new EventQueue(listener);
            Link link = new Link(request, listener, false, eq, wait, rmaSlots, window);
            try {
                link.ep.accept();
                link.awaitConnected("accepting a burst initiator");
                // After FI_CONNECTED: sockets drops receives posted before the connection is up.
                link.postReceives();
                return link;
            } catch (RuntimeException e) {
                link.close();
                throw e;
            }
        } catch (RuntimeException e) {
            if (eq != null) {
                eq.close();
            }
            request.close();
            throw e;
        }
    }

    /** RDM: an endpoint of its own at {@code host} (port picked by the provider when 0). */
    static Link rdm(FabricHints hints, String host, int port, boolean wait, int rmaSlots, int window) {
        FabricInfo info = getinfo(hints.sourceAt(host, port));
        FabricInstance fabric = null;
        try {
            fabric = new FabricInstance(info);
            Link link = new Link(info, fabric, true, null, wait, rmaSlots, window);
            link.postReceives();
            return link;
        } catch (RuntimeException e) {
            if (fabric != null) {
                fabric.close();
            }
            info.close();
            throw e;
        }
    }

    static FabricInfo getinfo(FabricHints hints) {
        try {
            return FabricInfo.get(hints);
        } catch (NativeException e) {
            if (e.status() == Status.FI_ENODATA) {
                throw new BurstUnsupported("provider '" + hints.provider() + "' offers no " + hints.typeName()
                        + " endpoint with FI_MSG|FI_RMA here (" + e.getMessage() + ")", e);
            }
            throw e;
        }
    }

    private void awaitConnected(String what) {
        long deadline = System.nanoTime() + CONNECT_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            EventQueue.Event event = eq.read(Duration.ofMillis(100));
            if (event == null) {
                continue;
            }
            if (event.info() != null) {
                event.info().close();
            }
            if (event.type() == EventQueue.FI_CONNECTED) {
                return;
            }
            if (event.type() == EventQueue.ERROR) {
                throw new BurstFailure(what + " failed: " + Status.describe(event.status())
                        + (event.status() == Status.FI_ECONNREFUSED ? "; is the target agent running and listening?" : ""));
            }
        }
        throw new BurstFailure(what + ": no FI_CONNECTED within " + CONNECT_TIMEOUT.toSeconds() + " s");
    }

    /** RDM: where messages and RMA go from now on. */
    void peer(byte[] address) {
        peer = av.insert(address);
    }

    long peer() {
        return peer;
    }

    byte[] name() {
        return ep.name();
    }

    FabricInfo info() {
        return info;
    }

    FabricDomain domain() {
        return domain;
    }

    Endpoint endpoint() {
        return ep;
    }

    void handler(Handler h) {
        this.handler = h;
    }

    /** The context to post an RMA on {@code slot} with; the slot counts as in flight until it completes. */
    long rmaContext(int slot) {
        rmaPending[slot] = true;
        return contexts.context(receives + sends + slot);
    }

    private void postReceives() {
        for (int i = 0; i < receives; i++) {
            postReceive(i);
        }
    }

    private void postReceive(int i) {
        while (!ep.recv(messageRegion.address() + (long) i * Wire.SIZE, Wire.SIZE, messageRegion.desc(), Flags.FI_ADDR_UNSPEC,
                contexts.context(i))) {
            poll();
        }
        receivePosted[i] = true;
    }

    /** A free send buffer's index; drives progress while all are in flight. */
    int acquireSend(long deadlineNanos) {
        while (freeSendCount == 0) {
            if (poll() == 0) {
                idle();
            }
            if (System.nanoTime() > deadlineNanos) {
                throw new BurstFailure("no send buffer came back: " + sends + " control messages stuck in flight");
            }
        }
        return freeSends[--freeSendCount];
    }

    ByteBuffer messages() {
        return messages;
    }

    static int offset(int index) {
        return index * Wire.SIZE;
    }

    /** Seals the message in send buffer {@code sendIndex} with its CRC and sends it. */
    void post(int sendIndex) {
        Wire.seal(messages, offset(sendIndex));
        while (!ep.send(messageRegion.address() + offset(sendIndex), Wire.SIZE, messageRegion.desc(), peer,
                contexts.context(sendIndex))) {
            poll();
        }
    }

    /** Sends one message with no fields beyond the numbers. */
    void send(int type, int slot, long seq, long a, long b, long c, long d, long deadlineNanos) {
        int i = acquireSend(deadlineNanos);
        Wire.write(messages, offset(i), type, slot, seq, a, b, c, d);
        post(i);
    }

    /** Reads what completed and dispatches it; the number of completions (errors included). */
    int poll() {
        if (depth == batches.length) {
            throw new BurstFailure("completion handling nested " + depth + " deep: the provider kept answering EAGAIN "
                    + "to posts made while completions were being handled; its queues are smaller than the window");
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
        for (int k = 0; k < n; k++) {
            int i = contexts.indexOf(batch.context(k));
            if (i < 0) {
                continue;
            }
            if (i < receives) {
                receivePosted[i] = false;
                WireException damaged = null;
                try {
                    Wire.check(messages, offset(i), batch.length(k), handler.peerName());
                } catch (WireException e) {
                    damaged = e;
                }
                if (damaged == null) {
                    handler.onMessage(messages, offset(i));
                } else {
                    handler.onDamaged(damaged);
                }
                postReceive(i);
            } else if (i < receives + sends) {
                freeSends[freeSendCount++] = i;
            } else {
                rmaPending[i - receives - sends] = false;
                handler.onRma(i - receives - sends);
            }
        }
        return n;
    }

    private void dispatchError(CompletionError error) {
        int i = contexts.indexOf(error.context());
        if (i >= 0 && i < receives) {
            receivePosted[i] = false;
            handler.onError(Op.RECEIVE, i, error);
        } else if (i >= receives && i < receives + sends) {
            freeSends[freeSendCount++] = i;
            handler.onError(Op.SEND, i - receives, error);
        } else if (i >= 0) {
            rmaPending[i - receives - sends] = false;
            handler.onError(Op.RMA, i - receives - sends, error);
        } else {
            handler.onError(Op.UNKNOWN, -1, error);
        }
    }

    /** Nothing completed: sleep on the wait fd (wait mode) or spin politely. */
    void idle() {
        if (waitSet != null) {
            if (fabric.trywait(cq)) {
                waitSet.await(Duration.ofMillis(20));
            }
        } else {
            Thread.onSpinWait();
        }
    }

    /** MSG: whether the peer went away (FI_SHUTDOWN or an error on the event queue); never blocks long. */
    String peerGone() {
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

    /** Cancels every posted receive; returns their indexes. */
    java.util.List<Integer> cancelReceives() {
        java.util.List<Integer> cancelled = new java.util.ArrayList<>();
        for (int i = 0; i < receives; i++) {
            if (receivePosted[i]) {
                ep.cancel(contexts.context(i));
                cancelled.add(i);
            }
        }
        return cancelled;
    }

    boolean receivePosted(int i) {
        return receivePosted[i];
    }

    /** Reposts the receives a cancel took away. */
    void repostReceives() {
        for (int i = 0; i < receives; i++) {
            if (!receivePosted[i]) {
                postReceive(i);
            }
        }
    }

    int receiveCount() {
        return receives;
    }

    static String describe(CompletionError error) {
        return Status.describe(error.status())
                + (error.providerText() == null || error.providerText().isBlank() ? "" : " (" + error.providerText() + ")");
    }

    /**
     * Quiesces, then closes in fabtests' order: the endpoint before its completion queue, memory regions
     * and domain. Quiescing cancels the receives still posted and reads completions until the link has
     * been quiet for {@link #QUIET_NANOS} (at most {@link #QUIESCE_NANOS}), so what the provider still
     * has queued for a live peer leaves before fi_close flushes it. That flush once crashed the JVM:
     * libfabric 1.17's rxm (rxm_handle_comp_error) dereferences the context of every ECANCELED entry its
     * tcp connections flush, and met one whose context was NULL, a transfer internal to the provider (seen
     * again in the bit-flip test, closing an RDM initiator with reads in flight). So quiescing also waits up
     * to {@link #RMA_DRAIN_NANOS} for this side's own RMA to complete. A provider that refuses to cancel still
     * gets closed.
     */
    @Override
    public void close() {
        try {
            quiesce();
        } catch (RuntimeException e) {
            // the link is going anyway; what failed is already in the burst's result
        }
        try {
            if (waitSet != null) {
                waitSet.close();
            }
            ep.close();
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
                info.close();
            }
        }
    }

    /** How long a closing link waits for posted operations to be reported and traffic to stop. */
    static final long QUIESCE_NANOS = 250_000_000L;
    /**
     * How long a closing link waits for its own RMA still in flight (a burst that failed mid-window). rxm's
     * rendezvous transfers behind them are what its fi_close flush crashed on; a target that ends a burst early
     * keeps progressing for this long so they can finish.
     */
    static final long RMA_DRAIN_NANOS = 1_500_000_000L;
    /** Quiet that counts as stopped: a few of tcp's progress passes. */
    static final long QUIET_NANOS = 5_000_000L;

    private void quiesce() {
        if (!ep.isOpen()) {
            return;
        }
        for (int i = 0; i < receives; i++) {
            if (receivePosted[i]) {
                ep.cancel(contexts.context(i));
            }
        }
        long now = System.nanoTime();
        long end = now + QUIESCE_NANOS;
        long rmaEnd = now + RMA_DRAIN_NANOS;
        long quietFrom = now;
        while (now < end && (receivesPosted() || now - quietFrom < QUIET_NANOS)
                || now < rmaEnd && rmaInFlight()) {
            if (discardCompletions() > 0) {
                quietFrom = System.nanoTime();
            } else {
                java.util.concurrent.locks.LockSupport.parkNanos(50_000L);
            }
            now = System.nanoTime();
        }
    }

    /** Reads completions without dispatching them (the burst is over); how many were read. */
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
        if (i >= 0 && i < receives) {
            receivePosted[i] = false;
        } else if (i >= receives + sends) {
            rmaPending[i - receives - sends] = false;
        }
    }

    private boolean rmaInFlight() {
        for (boolean pending : rmaPending) {
            if (pending) {
                return true;
            }
        }
        return false;
    }

    private boolean receivesPosted() {
        for (boolean posted : receivePosted) {
            if (posted) {
                return true;
            }
        }
        return false;
    }
}
