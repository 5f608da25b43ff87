package io.fabrichealth.probes.pingpong.verbs;

import io.fabrichealth.config.MemoryMode;
import io.fabrichealth.jni.verbs.Completions;
import io.fabrichealth.jni.verbs.VerbsConnection;
import io.fabrichealth.jni.verbs.VerbsMemory;
import io.fabrichealth.jni.verbs.VerbsWindow;
import io.fabrichealth.probes.pingpong.CorruptionSink;
import io.fabrichealth.probes.pingpong.Header;
import io.fabrichealth.probes.pingpong.LoopReport;
import io.fabrichealth.probes.pingpong.Mismatch;
import io.fabrichealth.probes.pingpong.PayloadPattern;
import io.fabrichealth.probes.pingpong.Terms;
import java.net.Inet4Address;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * krping's client loop: fill the source buffer with the pattern of (session, iteration), announce it, wait for
 * the server's READ, announce the sink, wait for its WRITE, then compare the sink with the pattern byte for byte.
 * Counters follow /proc/krping (send and receive bytes and messages); binds and invalidations are neither and
 * are counted apart.
 *
 * <p>In the window memory mode (krping's reg mode in user space) the buffers are registered once for local
 * access only, and each announcement binds a type-2 memory window over the buffer under a new rkey; after the
 * server's access that rkey is invalidated, by the server's go-ahead (SEND_WITH_INV, server_inv: the receive
 * completion must say it invalidated exactly that rkey) or by the client's LOCAL_INV.
 */
final class KrpingClient {
    static final int STEP_TIMEOUT_MILLIS = 2_000;
    private static final long SEND = 0;
    private static final long BIND = 20;
    private static final long INVALIDATE = 21;
    private static final int RECEIVES = 2;

    private final Terms terms;
    private final CorruptionSink corruptions;
    private final Histogram rtt = new Histogram(1, 60_000_000_000L, 3);
    private long iterations;
    private long completed;
    private long lost;
    private long corrupt;
    private long verified;
    private long sends;
    private long sendNanos;
    private long receives;
    private long registrations;
    private long binds;
    private long invalidations;
    private String failure;
    private String server;

    KrpingClient(Terms terms, CorruptionSink corruptions) {
        this.terms = terms;
        this.corruptions = corruptions;
    }

    /** A buffer as the server may reach it this iteration: its region, and the window over it (window mode). */
    private record Exposed(VerbsMemory memory, VerbsWindow window, int access) {
    }

    LoopReport run(Inet4Address local, Inet4Address server, int port) {
        this.server = "krping server " + server.getHostAddress() + ":" + port;
        int size = terms.requestBytes();
        ByteBuffer data = ByteBuffer.allocateDirect(2 * size);
        ByteBuffer control = ByteBuffer.allocateDirect((1 + RECEIVES) * KrpingMessage.SIZE).order(ByteOrder.LITTLE_ENDIAN);
        PayloadPattern pattern = new PayloadPattern(size);
        boolean window = terms.memory() == MemoryMode.WINDOW;
        long start = System.nanoTime();
        try (VerbsConnection c = VerbsConnection.connect(server, port, local, 5_000, 8)) {
            VerbsMemory controlMr = c.register(control, 0, control.capacity(), VerbsConnection.LOCAL_WRITE);
            WorkQueue wq = new WorkQueue(c);
            for (int r = 1; r <= RECEIVES; r++) {
                c.postReceive(controlMr, r * KrpingMessage.SIZE, KrpingMessage.SIZE, r);
            }
            Exposed source = null;
            Exposed sink = null;
            start = System.nanoTime();
            long deadline = start + terms.duration().toNanos();
            for (long seq = 0; System.nanoTime() < deadline && terms.wantsMore(seq) && failure == null; seq++) {
                if (source == null || terms.memory() == MemoryMode.REREGISTER) {
                    if (source != null) {
                        source.memory().close();
                        sink.memory().close();
                    }
                    // Window mode: local access and binding only; the remote grant is the window's, per iteration.
                    int remote = window ? VerbsConnection.MW_BIND : 0;
                    source = new Exposed(c.register(data, 0, size, VerbsConnection.LOCAL_WRITE
                            | (window ? remote : VerbsConnection.REMOTE_READ)), window ? c.allocateWindow() : null,
                            VerbsConnection.REMOTE_READ);
                    sink = new Exposed(c.register(data, size, size, VerbsConnection.LOCAL_WRITE
                            | (window ? remote : VerbsConnection.REMOTE_WRITE)), window ? c.allocateWindow() : null,
                            VerbsConnection.REMOTE_WRITE);
                    registrations += 2;
                }
                int rot = PayloadPattern.rotation(terms.session(), 0, seq, Header.REQUEST);
                pattern.fill(rot, data, 0, size);
                iterations++;
                long t0 = System.nanoTime();
                if (!step(c, wq, controlMr, KrpingMessage.SOURCE, source, seq, KrpingMessage.GO_READ)
                        || !step(c, wq, controlMr, KrpingMessage.SINK, sink, seq, KrpingMessage.GO_WRITE)) {
                    lost++;
                    break;
                }
                rtt.recordValue(Math.max(1, System.nanoTime() - t0));
                completed++;
                int bad = pattern.firstMismatch(rot, data, size, size);
                if (bad >= 0) {
                    corrupt++;
                    corruptions.corrupted("RDMA round trip (sink vs source)", 0, seq,
                            Mismatch.find(pattern, rot, data, size, size, bad));
                } else {
                    verified += size;
                }
            }
        } catch (RuntimeException e) {
            failure = "verbs loop stopped: " + e.getMessage();
        }
        long nanos = System.nanoTime() - start;
        Map<String, Long> counters = new LinkedHashMap<>();
        counters.put("send_bytes", sends * KrpingMessage.SIZE);
        counters.put("send_msgs", sends);
        counters.put("recv_bytes", receives * KrpingMessage.SIZE);
        counters.put("recv_msgs", receives);
        counters.put("registrations", registrations);
        if (window) {
            counters.put("binds", binds);
            counters.put("invalidations", invalidations);
        }
        return new LoopReport(iterations, completed, lost, corrupt, verified, rtt, sends, sendNanos,
                sends * KrpingMessage.SIZE, receives * KrpingMessage.SIZE, nanos, counters,
                "RC, " + terms.memoryText(), failure);
    }

    /**
     * Exposes {@code buffer} (binding its window first in window mode), announces it, waits for the send and for
     * the server's go-ahead of type {@code go}, then makes sure the window's rkey was invalidated.
     */
    private boolean step(VerbsConnection c, WorkQueue wq, VerbsMemory control, int type, Exposed buffer, long seq,
            int go) {
        int rkey = buffer.memory().rkey();
        if (buffer.window() != null) {
            rkey = c.bind(buffer.window(), buffer.memory(), buffer.access(), BIND);
            if (wq.await(BIND, false, STEP_TIMEOUT_MILLIS) == null) {
                failure = "the window bind for seq " + seq + " did not complete within " + STEP_TIMEOUT_MILLIS + " ms";
                return false;
            }
            binds++;
        }
        ByteBuffer b = control.buffer();
        KrpingMessage.write(b, 0, type, buffer.memory().address(), rkey, buffer.memory().length(), seq);
        long t0 = System.nanoTime();
        c.postSend(control, 0, KrpingMessage.SIZE, SEND);
        sendNanos += System.nanoTime() - t0;
        sends++;
        if (wq.await(SEND, false, STEP_TIMEOUT_MILLIS) == null) {
            failure = "the announcement of seq " + seq + " was not sent within " + STEP_TIMEOUT_MILLIS + " ms";
            return false;
        }
        WorkQueue.Done d = wq.await(-1, true, STEP_TIMEOUT_MILLIS);
        if (d == null) {
            failure = "no go-ahead for seq " + seq + " within " + STEP_TIMEOUT_MILLIS + " ms";
            return false;
        }
        receives++;
        int slot = (int) d.wrId();
        int at = slot * KrpingMessage.SIZE;
        int got;
        try {
            got = KrpingMessage.check(b, at, d.length(), server);
        } catch (KrpingMessage.Damaged e) {
            corruptions.damaged(e.getMessage());
            failure = "Corruption: " + e.getMessage();
            return false;
        }
        long gotSeq = KrpingMessage.seq(b, at);
        c.postReceive(control, at, KrpingMessage.SIZE, slot);
        if (got != go || gotSeq != seq) {
            failure = "expected go-ahead " + go + " for seq " + seq + ", got type " + got + " for seq " + gotSeq;
            return false;
        }
        return buffer.window() == null || invalidated(c, wq, d, rkey, seq);
    }

    /**
     * server_inv: the go-ahead must say it invalidated {@code rkey}; otherwise LOCAL_INV it and wait for that. The
     * kernel confirms it once more at the next bind: a type-2 window still bound cannot be bound again.
     */
    private boolean invalidated(VerbsConnection c, WorkQueue wq, WorkQueue.Done goAhead, int rkey, long seq) {
        if (terms.serverInvalidate()) {
            if (!goAhead.invalidated(rkey)) {
                failure = String.format("the server's go-ahead for seq %d did not invalidate rkey 0x%08x (wc_flags "
                        + "0x%x, rkey field 0x%08x): server_inv was agreed", seq, rkey, goAhead.flags(),
                        goAhead.invalidatedRkey());
                return false;
            }
        } else {
            c.postLocalInvalidate(rkey, INVALIDATE);
            WorkQueue.Done inv = wq.await(INVALIDATE, false, STEP_TIMEOUT_MILLIS);
            if (inv == null || inv.opcode() != Completions.LOCAL_INV) {
                failure = String.format("the LOCAL_INV of rkey 0x%08x for seq %d %s", rkey, seq, inv == null
                        ? "did not complete within " + STEP_TIMEOUT_MILLIS + " ms" : "completed as opcode " + inv.opcode());
                return false;
            }
        }
        invalidations++;
        return true;
    }
}
