package io.fabrichealth.probes.pingpong.verbs;

import io.fabrichealth.config.MemoryMode;
import io.fabrichealth.jni.verbs.VerbsConnection;
import io.fabrichealth.jni.verbs.VerbsListener;
import io.fabrichealth.jni.verbs.VerbsMemory;
import io.fabrichealth.probes.pingpong.CorruptionSink;
import io.fabrichealth.probes.pingpong.LoopPlane;
import io.fabrichealth.probes.pingpong.PingPongDrill;
import io.fabrichealth.probes.pingpong.ResponderCounts;
import io.fabrichealth.probes.pingpong.Terms;
import java.net.Inet4Address;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * krping's server loop for one session: on SOURCE, RDMA READ the client's buffer into its own; on SINK, RDMA
 * WRITE it back (after the fire drill, when armed, flipped a byte); after each, say go ahead, with server_inv as
 * a SEND_WITH_INV of the rkey just used. Counts follow /proc/krping: send, receive, RDMA write and RDMA read, in
 * bytes and messages (a SEND_WITH_INV is a send; {@code invalidations} counts those that carried one).
 *
 * <p>The stale-rkey check ({@link #probingStale}) is for tests: at one announcement it first tries the rkey the
 * client announced for the same buffer one iteration earlier, which must fail with a remote access error. That
 * error moves both queue pairs to the error state, so the session ends there: one check per connection.
 */
final class KrpingServer implements LoopPlane.LoopServer {
    private static final long SEND = 0;
    private static final long RDMA = 10;
    private static final int RECEIVES = 2;

    private final VerbsListener listener;
    private final Inet4Address local;
    private final Terms terms;
    private final PingPongDrill drill;
    private final CorruptionSink corruptions;
    private final Map<String, Long> counts = new LinkedHashMap<>();
    private final long staleAt;
    private long malformed;

    private KrpingServer(VerbsListener listener, Inet4Address local, Terms terms, PingPongDrill drill,
            CorruptionSink corruptions, long staleAt) {
        this.staleAt = staleAt;
        this.listener = listener;
        this.corruptions = corruptions;
        this.local = local;
        this.terms = terms;
        this.drill = drill;
        for (String k : new String[] {"send_bytes", "send_msgs", "recv_bytes", "recv_msgs", "rdma_write_bytes",
            "rdma_write_msgs", "rdma_read_bytes", "rdma_read_msgs"}) {
            counts.put(k, 0L);
        }
    }

    static KrpingServer listen(Inet4Address local, Terms terms, PingPongDrill drill, CorruptionSink corruptions) {
        return new KrpingServer(VerbsListener.listen(local, 0), local, terms, drill, corruptions, -1);
    }

    /**
     * A server that, at announcement number {@code announcement} (2 x seq for SOURCE, 2 x seq + 1 for SINK, at
     * least 2), first RDMAs with the rkey of announcement {@code announcement - 2}: the same buffer, one
     * iteration earlier. Its counts then hold {@code stale_rkey_status} (the ibv_wc_status of that access, 0 when
     * it succeeded), {@code stale_rkey} and {@code current_rkey}, and the session ends.
     */
    static KrpingServer probingStale(Inet4Address local, Terms terms, long announcement, CorruptionSink corruptions) {
        if (announcement < 2) {
            throw new IllegalArgumentException("the first stale rkey is announcement 0's, probed at announcement 2");
        }
        return new KrpingServer(VerbsListener.listen(local, 0), local, terms, new PingPongDrill(), corruptions,
                announcement);
    }

    @Override
    public byte[] address() {
        return ByteBuffer.allocate(6).put(local.getAddress()).putShort((short) listener.port()).array();
    }

    @Override
    public ResponderCounts serve(AtomicBoolean stop, long deadlineNanos) {
        int size = terms.requestBytes();
        ByteBuffer data = ByteBuffer.allocateDirect(size);
        ByteBuffer control = ByteBuffer.allocateDirect((1 + RECEIVES) * KrpingMessage.SIZE).order(ByteOrder.LITTLE_ENDIAN);
        long served = 0;
        try (VerbsConnection c = listener.accept(10_000, 8)) {
            VerbsMemory controlMr = c.register(control, 0, control.capacity(), VerbsConnection.LOCAL_WRITE);
            VerbsMemory buffer = c.register(data, 0, size, VerbsConnection.LOCAL_WRITE);
            WorkQueue wq = new WorkQueue(c);
            for (int r = 1; r <= RECEIVES; r++) {
                c.postReceive(controlMr, r * KrpingMessage.SIZE, KrpingMessage.SIZE, r);
            }
            int[] announced = new int[2];
            while (!stop.get() && System.nanoTime() < deadlineNanos) {
                WorkQueue.Done d = wq.await(-1, true, 20);
                if (d == null) {
                    continue;
                }
                add("recv", KrpingMessage.SIZE);
                int slot = (int) d.wrId();
                int at = slot * KrpingMessage.SIZE;
                int type;
                try {
                    type = KrpingMessage.check(control, at, d.length(), "the krping client");
                } catch (KrpingMessage.Damaged e) {
                    // The client waits for a go-ahead that never comes, and its run fails with that reason.
                    corruptions.damaged(e.getMessage());
                    malformed++;
                    c.postReceive(controlMr, at, KrpingMessage.SIZE, slot);
                    continue;
                }
                long address = KrpingMessage.address(control, at);
                int rkey = KrpingMessage.rkey(control, at);
                int length = KrpingMessage.size(control, at);
                long seq = KrpingMessage.seq(control, at);
                c.postReceive(controlMr, at, KrpingMessage.SIZE, slot);
                if ((type != KrpingMessage.SOURCE && type != KrpingMessage.SINK) || length != size) {
                    malformed++;
                    continue;
                }
                if (terms.memory() == MemoryMode.REREGISTER) {
                    buffer.close();
                    buffer = c.register(data, 0, size, VerbsConnection.LOCAL_WRITE);
                }
                boolean write = type == KrpingMessage.SINK;
                long announcement = 2 * seq + (write ? 1 : 0);
                if (announcement == staleAt) {
                    probeStale(c, wq, write, buffer, size, address, announced[write ? 1 : 0], rkey);
                    break;
                }
                announced[write ? 1 : 0] = rkey;
                if (write) {
                    drill.apply(data, 0, size);
                }
                c.postRdma(write, buffer, 0, size, address, rkey, RDMA);
                if (wq.await(RDMA, false, KrpingClient.STEP_TIMEOUT_MILLIS) == null) {
                    break;
                }
                add(write ? "rdma_write" : "rdma_read", size);
                KrpingMessage.write(control, 0, write ? KrpingMessage.GO_WRITE : KrpingMessage.GO_READ, 0, 0, 0, seq);
                if (terms.serverInvalidate()) {
                    c.postSendInvalidate(controlMr, 0, KrpingMessage.SIZE, rkey, SEND);
                } else {
                    c.postSend(controlMr, 0, KrpingMessage.SIZE, SEND);
                }
                if (wq.await(SEND, false, KrpingClient.STEP_TIMEOUT_MILLIS) == null) {
                    break;
                }
                add("send", KrpingMessage.SIZE);
                if (terms.serverInvalidate()) {
                    counts.merge("invalidations", 1L, Long::sum);
                }
                served += write ? 1 : 0;
            }
        } catch (RuntimeException e) {
            // the client went away mid-loop: what was counted stands
        }
        return new ResponderCounts(served, counts.get("send_msgs"), 0, malformed, 0, 0,
                "RC", Map.copyOf(counts));
    }

    /** The stale-rkey check: an RDMA with the previous iteration's rkey, which a sound window refuses. */
    private void probeStale(VerbsConnection c, WorkQueue wq, boolean write, VerbsMemory buffer, int size,
            long address, int stale, int current) {
        counts.put("stale_rkey", Integer.toUnsignedLong(stale));
        counts.put("current_rkey", Integer.toUnsignedLong(current));
        c.postRdma(write, buffer, 0, size, address, stale, RDMA);
        try {
            WorkQueue.Done d = wq.await(RDMA, false, KrpingClient.STEP_TIMEOUT_MILLIS);
            counts.put("stale_rkey_status", d == null ? -1L : 0L);
        } catch (WorkQueue.Failed e) {
            counts.put("stale_rkey_status", (long) e.status());
        }
    }

    private void add(String what, long bytes) {
        counts.merge(what + "_bytes", bytes, Long::sum);
        counts.merge(what + "_msgs", 1L, Long::sum);
    }

    @Override
    public void close() {
        listener.close();
    }
}
