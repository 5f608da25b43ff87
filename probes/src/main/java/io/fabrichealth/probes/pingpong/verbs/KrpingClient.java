package io.fabrichealth.probes.pingpong.verbs;

import io.fabrichealth.jni.verbs.VerbsConnection;
import io.fabrichealth.jni.verbs.VerbsMemory;
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
 * Counters follow /proc/krping (send and receive bytes and messages).
 */
final class KrpingClient {
    static final int STEP_TIMEOUT_MILLIS = 2_000;
    private static final long SEND = 0;
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
    private String failure;
    private String server;

    KrpingClient(Terms terms, CorruptionSink corruptions) {
        this.terms = terms;
        this.corruptions = corruptions;
    }

    LoopReport run(Inet4Address local, Inet4Address server, int port) {
        this.server = "krping server " + server.getHostAddress() + ":" + port;
        int size = terms.requestBytes();
        ByteBuffer data = ByteBuffer.allocateDirect(2 * size);
        ByteBuffer control = ByteBuffer.allocateDirect((1 + RECEIVES) * KrpingMessage.SIZE).order(ByteOrder.LITTLE_ENDIAN);
        PayloadPattern pattern = new PayloadPattern(size);
        long start = System.nanoTime();
        try (VerbsConnection c = VerbsConnection.connect(server, port, local, 5_000, 8)) {
            VerbsMemory controlMr = c.register(control, 0, control.capacity(), VerbsConnection.LOCAL_WRITE);
            WorkQueue wq = new WorkQueue(c);
            for (int r = 1; r <= RECEIVES; r++) {
                c.postReceive(controlMr, r * KrpingMessage.SIZE, KrpingMessage.SIZE, r);
            }
            VerbsMemory source = null;
            VerbsMemory sink = null;
            start = System.nanoTime();
            long deadline = start + terms.duration().toNanos();
            for (long seq = 0; System.nanoTime() < deadline && terms.wantsMore(seq) && failure == null; seq++) {
                if (source == null || terms.reregister()) {
                    if (source != null) {
                        source.close();
                        sink.close();
                    }
                    source = c.register(data, 0, size, VerbsConnection.LOCAL_WRITE | VerbsConnection.REMOTE_READ);
                    sink = c.register(data, size, size, VerbsConnection.LOCAL_WRITE | VerbsConnection.REMOTE_WRITE);
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
        return new LoopReport(iterations, completed, lost, corrupt, verified, rtt, sends, sendNanos,
                sends * KrpingMessage.SIZE, receives * KrpingMessage.SIZE, nanos, counters,
                "RC, memory " + (terms.reregister() ? "re-registered every iteration" : "registered once"), failure);
    }

    /** Announces {@code buffer}, then waits for the send and for the server's go-ahead of type {@code go}. */
    private boolean step(VerbsConnection c, WorkQueue wq, VerbsMemory control, int type, VerbsMemory buffer, long seq,
            int go) {
        ByteBuffer b = control.buffer();
        KrpingMessage.write(b, 0, type, buffer.address(), buffer.rkey(), buffer.length(), seq);
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
        return true;
    }
}
