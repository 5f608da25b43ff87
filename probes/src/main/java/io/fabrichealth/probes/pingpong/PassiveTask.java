package io.fabrichealth.probes.pingpong;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

/**
 * One task of the passive side: receives requests, checks header and payload, and acks each one at once with
 * an ack of the negotiated size whose payload follows the pattern (and the fire drill, when armed). A malformed
 * message is counted and dropped; the loop goes on serving.
 */
final class PassiveTask implements Runnable {
    private final Terms terms;
    private final int task;
    private final Channel channel;
    private final CorruptionSink corruptions;
    private final PingPongDrill drill;
    private final AtomicBoolean stop;
    private final long hardDeadline;
    private final Header header = new Header();
    private final Header ack = new Header();
    private final PayloadPattern pattern;
    final TaskStats stats = new TaskStats();
    volatile String failure;

    PassiveTask(Terms terms, int task, Channel channel, CorruptionSink corruptions, PingPongDrill drill,
            AtomicBoolean stop, long hardDeadline) {
        this.terms = terms;
        this.task = task;
        this.channel = channel;
        this.corruptions = corruptions;
        this.drill = drill;
        this.stop = stop;
        this.hardDeadline = hardDeadline;
        this.pattern = new PayloadPattern(terms.maxMessageBytes() - Header.SIZE);
    }

    @Override
    public void run() {
        try {
            while (!stop.get() && System.nanoTime() < hardDeadline) {
                int off = channel.receive(20);
                if (off >= 0) {
                    onRequest(off);
                }
            }
        } catch (RuntimeException e) {
            failure = "task " + task + " stopped: " + e.getMessage();
        }
        // Messages the provider itself refused (larger than any message of the session) were malformed too.
        stats.malformed[HeaderProblem.IMPOSSIBLE_SIZE.ordinal()] += channel.rejected();
    }

    private void onRequest(int off) {
        ByteBuffer b = channel.buffer();
        int len = channel.receivedLength();
        HeaderProblem problem = header.decode(b, off, len, terms.maxMessageBytes());
        if (problem == null && header.session() != terms.session()) {
            problem = HeaderProblem.WRONG_SESSION;
        }
        if (problem == null && (header.type() != Header.REQUEST || header.messageBytes() != terms.requestBytes()
                || header.answerBytes() != terms.ackBytes() || header.slot() >= terms.depth())) {
            problem = HeaderProblem.IMPOSSIBLE_FIELD;
        }
        int route = channel.receivedRoute();
        if (problem == null) {
            if (route == Channel.ROUTE_BY_TASK) {
                route = header.task() < terms.tasks() ? header.task() : Channel.ROUTE_UNKNOWN;
            }
            if (route < 0) {
                problem = HeaderProblem.UNKNOWN_SENDER;
            }
        }
        if (problem != null) {
            stats.malformed(problem);
            if (problem.damage()) {
                corruptions.damaged(problem.damaged("request to responder task " + task, len));
            }
            return;
        }
        stats.received++;
        stats.rxBytes += len;
        int payload = len - Header.SIZE;
        int rot = PayloadPattern.rotation(terms.session(), header.task(), header.seq(), Header.REQUEST);
        int bad = pattern.firstMismatch(rot, b, off + Header.SIZE, payload);
        if (bad >= 0) {
            stats.corrupt++;
            corruptions.corrupted("request to responder task " + task, header.task(), header.seq(),
                    Mismatch.find(pattern, rot, b, off + Header.SIZE, payload, bad));
        } else {
            stats.verifiedBytes += payload;
        }
        sendAck(route, header.seq(), header.slot(), header.stamp());
    }

    private void sendAck(int route, long seq, int slot, long stamp) {
        int payload = terms.ackBytes() - Header.SIZE;
        int rot = PayloadPattern.rotation(terms.session(), task, seq, Header.ACK);
        while (!stop.get() && System.nanoTime() < hardDeadline) {
            int off = channel.claimSend(5);
            if (off < 0) {
                stats.congestion++;
                continue;
            }
            ByteBuffer b = channel.buffer();
            ack.write(b, off, Header.ACK, task, terms.session(), terms.ackBytes(), seq, slot, 0, stamp);
            pattern.fill(rot, b, off + Header.SIZE, payload);
            boolean drilled = drill.apply(b, off + Header.SIZE, payload);
            long t0 = System.nanoTime();
            boolean sent = channel.send(route, off, terms.ackBytes());
            stats.sendNanos += System.nanoTime() - t0;
            stats.sendCalls++;
            if (sent) {
                stats.sent++;
                stats.txBytes += terms.ackBytes();
                return;
            }
            if (drilled) {
                drill.corruptNextPayloads(drill.pending() + 1); // the flipped ack never left: re-arm for the next
            }
            stats.congestion++;
            LockSupport.parkNanos(100_000); // the initiator's receive queue is full: give it time to drain
        }
    }
}
