package io.fabrichealth.probes.bursts;

import io.fabrichealth.config.HostPort;
import io.fabrichealth.jni.NativeException;
import io.fabrichealth.jni.fabric.CompletionQueue.CompletionError;
import io.fabrichealth.jni.fabric.Endpoint;
import io.fabrichealth.jni.fabric.EventQueue;
import io.fabrichealth.jni.fabric.FabricDomain;
import io.fabrichealth.jni.fabric.FabricHints;
import io.fabrichealth.jni.fabric.FabricInfo;
import io.fabrichealth.jni.fabric.FabricInstance;
import io.fabrichealth.jni.fabric.Flags;
import io.fabrichealth.jni.fabric.Status;
import io.fabrichealth.probes.session.Connections;
import io.fabrichealth.probes.session.FabricSession;
import io.fabrichealth.probes.session.FabricSession.Slots;
import io.fabrichealth.probes.session.FabricSession.Wait;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;

/**
 * One side of one burst over libfabric: the burst protocol on a {@link FabricSession} of one endpoint, whose
 * message slots hold control messages (receives, sends) and whose operations are the RMA slots. MSG links
 * connect or accept; RDM links talk through an address vector. Everything closes with the link, children first.
 */
final class Link implements AutoCloseable {
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    private static final int CLOCK_EVERY = 64;

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
    private final FabricSession session;
    private final Endpoint ep;
    private long peer = Flags.FI_ADDR_UNSPEC;
    private Handler handler;
    /** While a cancel drains, a receive that completed is not posted again: every one must be seen to end. */
    private boolean holdReceives;
    private int emptyPolls;

    /**
     * @param rmaSlots RMA operations this side posts at once
     * @param window   slots in flight between the sides: receives cover two messages per slot
     */
    private Link(FabricInfo info, FabricInstance fabric, boolean ownFabric, EventQueue eq, boolean wait, int rmaSlots,
            int window) {
        this.info = info;
        try {
            this.session = new FabricSession(fabric, ownFabric, info, eq, wait ? Wait.REQUIRED : Wait.NONE,
                    Math.max(64, 4 * rmaSlots + 32), 4, new Slots(Wire.SIZE, 1, 2 * window + 8, window + 8, rmaSlots));
        } catch (FabricSession.NoWaitObjects e) {
            throw new BurstUnsupported(e.getMessage(), e.getCause());
        }
        try {
            this.ep = session.openEndpoint(info);
        } catch (RuntimeException e) {
            session.close();
            throw e;
        }
        session.completions(new Dispatch());
    }

    /** Initiator: connect (MSG) or address (RDM) the target at {@code target}. */
    static Link connect(FabricHints hints, HostPort target, boolean wait, int rmaSlots) {
        FabricInfo info = getinfo(hints.destination(target.host(), target.port()));
        FabricInstance fabric = null;
        try {
            fabric = new FabricInstance(info);
            EventQueue eq = info.rdm() ? null : new EventQueue(fabric);
            Link link = new Link(info, fabric, true, eq, wait, rmaSlots, rmaSlots);
            try {
                if (info.rdm()) {
                    link.peer = link.session.insert(info.destinationAddress());
                } else {
                    link.ep.connect(info);
                    link.awaitConnected("connecting to burst target " + target);
                }
                link.session.attach(link.ep);
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
                link.session.attach(link.ep);
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
            try {
                link.session.attach(link.ep);
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
        try {
            Connections.awaitAll(List.of(Connections.waiting(session, List.of(ep))), CONNECT_TIMEOUT);
        } catch (Connections.Failure e) {
            if (e.status() == 0) {
                throw new BurstFailure(what + ": no FI_CONNECTED within " + CONNECT_TIMEOUT.toSeconds() + " s");
            }
            throw new BurstFailure(what + " failed: " + Status.describe(e.status())
                    + (e.status() == Status.FI_ECONNREFUSED ? "; is the target agent running and listening?" : ""));
        }
    }

    /** RDM: where messages and RMA go from now on. */
    void peer(byte[] address) {
        peer = session.insert(address);
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
        return session.domain();
    }

    Endpoint endpoint() {
        return ep;
    }

    void handler(Handler h) {
        this.handler = h;
    }

    /** The context to post an RMA on {@code slot} with; the slot counts as in flight until it completes. */
    long rmaContext(int slot) {
        return session.opContext(slot);
    }

    /** A free send buffer's index; drives progress while all are in flight. */
    int acquireSend(long deadlineNanos) {
        int i;
        while ((i = session.claimSend()) < 0) {
            if (poll() == 0) {
                idle();
            }
            if (System.nanoTime() > deadlineNanos) {
                throw new BurstFailure("no send buffer came back: " + session.sendSlots()
                        + " control messages stuck in flight");
            }
        }
        return i;
    }

    ByteBuffer messages() {
        return session.messages();
    }

    static int offset(int index) {
        return index * Wire.SIZE;
    }

    /** Seals the message in send buffer {@code sendIndex} with its CRC and sends it. */
    void post(int sendIndex) {
        Wire.seal(session.messages(), offset(sendIndex));
        while (!session.trySend(0, sendIndex, Wire.SIZE, peer)) {
            poll();
        }
    }

    /** Sends one message with no fields beyond the numbers. */
    void send(int type, int slot, long seq, long a, long b, long c, long d, long deadlineNanos) {
        int i = acquireSend(deadlineNanos);
        Wire.write(session.messages(), offset(i), type, slot, seq, a, b, c, d);
        post(i);
    }

    /** Reads what completed and dispatches it; the number of completions (errors included). */
    int poll() {
        try {
            return session.poll();
        } catch (FabricSession.NestedTooDeep e) {
            throw new BurstFailure(e.getMessage());
        }
    }

    /**
     * Every receive is checked with {@link Wire#check} against the completion's length before any handler sees
     * it; the receive is posted again once the handler is done.
     */
    private final class Dispatch implements FabricSession.Completions {
        @Override
        public void received(int slot, int length) {
            ByteBuffer messages = session.messages();
            WireException damaged = null;
            try {
                Wire.check(messages, offset(slot), length, handler.peerName());
            } catch (WireException e) {
                damaged = e;
            }
            if (damaged == null) {
                handler.onMessage(messages, offset(slot));
            } else {
                handler.onDamaged(damaged);
            }
            if (!holdReceives) {
                session.repost(slot);
            }
        }

        @Override
        public void completed(int op) {
            handler.onRma(op);
        }

        @Override
        public void failed(FabricSession.Kind kind, int index, CompletionError error) {
            switch (kind) {
                case RECEIVE -> handler.onError(Op.RECEIVE, index, error);
                case SEND -> handler.onError(Op.SEND, index, error);
                case OP -> handler.onError(Op.RMA, index, error);
                default -> handler.onError(Op.UNKNOWN, -1, error);
            }
        }
    }

    /**
     * Whether an empty poll should read the clock for its deadline checks: each one when {@link #idle} blocks, every
     * {@value #CLOCK_EVERY}th when it spins. A spinning target reads its queue millions of times a second, and a clock
     * read on each was 2 to 4% of its CPU at 64 KiB; 64 empty polls take tens of microseconds.
     */
    boolean clockDue() {
        return session.waits() || (++emptyPolls & (CLOCK_EVERY - 1)) == 0;
    }

    /** Nothing completed: sleep on the wait fd (wait mode) or spin politely. */
    void idle() {
        if (session.waits()) {
            session.await(Duration.ofMillis(20));
        } else {
            Thread.onSpinWait();
        }
    }

    /** MSG: whether the peer went away (FI_SHUTDOWN or an error on the event queue); never blocks long. */
    String peerGone() {
        return session.peerGone();
    }

    /**
     * Cancels every posted receive and holds them (a receive that completes meanwhile is not posted again) until
     * {@link #repostReceives}; returns their indexes.
     */
    List<Integer> cancelReceives() {
        holdReceives = true;
        return session.cancelReceives();
    }

    /** fi_cancel of the RMA in flight on {@code slot}; a negative status (already done) is not an error. */
    void cancelRma(int slot) {
        ep.cancel(session.opContext(slot));
    }

    boolean receivePosted(int i) {
        return session.receivePosted(i);
    }

    /** Reposts the receives a cancel took away. */
    void repostReceives() {
        holdReceives = false;
        session.repostReceives();
    }

    static String describe(CompletionError error) {
        return FabricSession.describe(error);
    }

    /**
     * Quiesces and closes the session ({@link FabricSession#close}: cancel receives, read until quiet, wait up to
     * {@link FabricSession#RMA_DRAIN_NANOS} for this side's own RMA, then the endpoint before the CQ, MRs and
     * domain; libfabric 1.17's rxm crashed in fi_close without it), then the info.
     */
    @Override
    public void close() {
        try {
            session.close();
        } finally {
            info.close();
        }
    }
}
