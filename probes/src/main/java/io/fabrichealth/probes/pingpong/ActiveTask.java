package io.fabrichealth.probes.pingpong;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One task of the active side (rds-stress's task loop): keeps {@code depth} requests outstanding to every peer
 * task until the duration ends or the count is sent, checks every ack's header and payload, times the round trip, then waits for
 * what is still outstanding. A request unanswered for {@link #ACK_TIMEOUT_NANOS} is lost and its slot reused;
 * an ack arriving after that is late.
 */
final class ActiveTask implements Runnable {
    static final long ACK_TIMEOUT_NANOS = 2_000_000_000L;
    private static final long NOT_OUTSTANDING = -1;

    private final Terms terms;
    private final int task;
    private final Channel channel;
    private final int routes;
    private final CorruptionSink corruptions;
    private final AtomicBoolean abort;
    private final Header header = new Header();
    private final PayloadPattern pattern;
    final TaskStats stats = new TaskStats();
    /** Cumulative counts at each whole second, for rds-stress's per-second lines. */
    final Second.Marks seconds = new Second.Marks();
    /** Per route and slot: the sequence outstanding there, and when it was sent. */
    private final long[][] seqOf;
    private final long[][] sentAt;
    private final int[] outstanding;
    private long nextSeq;
    private long startNanos;
    private long endNanos;

    ActiveTask(Terms terms, int task, Channel channel, int routes, CorruptionSink corruptions, AtomicBoolean abort) {
        this.terms = terms;
        this.task = task;
        this.channel = channel;
        this.routes = routes;
        this.corruptions = corruptions;
        this.abort = abort;
        this.pattern = new PayloadPattern(terms.maxMessageBytes() - Header.SIZE);
        this.seqOf = new long[routes][terms.depth()];
        this.sentAt = new long[routes][terms.depth()];
        this.outstanding = new int[routes];
        for (long[] s : seqOf) {
            Arrays.fill(s, NOT_OUTSTANDING);
        }
    }

    long elapsedNanos() {
        return endNanos - startNanos;
    }

    /** Why the task stopped early (a transport error), or null. */
    String failure() {
        return failure;
    }

    private volatile String failure;

    @Override
    public void run() {
        startNanos = System.nanoTime();
        try {
            loop();
        } catch (RuntimeException e) {
            failure = "task " + task + " stopped: " + e.getMessage();
            expire(Long.MAX_VALUE);
        }
        endNanos = System.nanoTime();
        // Messages the provider itself refused (larger than any message of the session) were malformed too.
        stats.malformed[HeaderProblem.IMPOSSIBLE_SIZE.ordinal()] += channel.rejected();
    }

    private void loop() {
        long deadline = startNanos + terms.duration().toNanos();
        long nextLostCheck = startNanos + 10_000_000L;
        long nextSecond = startNanos + 1_000_000_000L;
        boolean congested = false;
        while (!abort.get()) {
            long now = System.nanoTime();
            if (now >= nextSecond) {
                seconds.mark(stats);
                nextSecond += 1_000_000_000L;
            }
            boolean sending = now < deadline && terms.wantsMore(nextSeq);
            if (sending && !congested) {
                congested = fill();
            }
            int total = totalOutstanding();
            if (!sending && total == 0) {
                break;
            }
            boolean idle = !sending || congested || total == routes * terms.depth();
            int off = channel.receive(idle ? 5 : 0);
            if (off >= 0) {
                if (onAck(off)) {
                    congested = false;
                }
            } else if (congested) {
                congested = false; // waited a while: try again, acks or not
            }
            now = System.nanoTime();
            if (now >= nextLostCheck) {
                expire(now);
                nextLostCheck = now + 10_000_000L;
            }
        }
        if (abort.get()) {
            expire(Long.MAX_VALUE);
        }
    }

    /** Sends until every route has depth outstanding; true when the transport refused (congestion). */
    private boolean fill() {
        for (int r = 0; r < routes; r++) {
            while (outstanding[r] < terms.depth() && terms.wantsMore(nextSeq)) {
                int slot = freeSlot(r);
                int off = channel.claimSend(0);
                if (off < 0) {
                    stats.congestion++;
                    return true;
                }
                long seq = nextSeq;
                ByteBuffer b = channel.buffer();
                long t0 = System.nanoTime();
                header.write(b, off, Header.REQUEST, task, terms.session(), terms.requestBytes(), seq, slot,
                        terms.ackBytes(), t0);
                int rot = PayloadPattern.rotation(terms.session(), task, seq, Header.REQUEST);
                pattern.fill(rot, b, off + Header.SIZE, terms.requestBytes() - Header.SIZE);
                long t1 = System.nanoTime();
                boolean sent = channel.send(r, off, terms.requestBytes());
                long t2 = System.nanoTime();
                stats.sendCalls++;
                stats.sendNanos += t2 - t1;
                if (!sent) {
                    stats.congestion++;
                    return true;
                }
                nextSeq++;
                seqOf[r][slot] = seq;
                sentAt[r][slot] = t1;
                outstanding[r]++;
                stats.sent++;
                stats.txBytes += terms.requestBytes();
            }
        }
        return false;
    }

    private int freeSlot(int r) {
        long[] s = seqOf[r];
        for (int i = 0; i < s.length; i++) {
            if (s[i] == NOT_OUTSTANDING) {
                return i;
            }
        }
        throw new IllegalStateException("no free slot on route " + r + " with " + outstanding[r] + " outstanding");
    }

    /** Handles one received message; true when it acked an outstanding request. */
    private boolean onAck(int off) {
        long now = System.nanoTime();
        ByteBuffer b = channel.buffer();
        int len = channel.receivedLength();
        HeaderProblem problem = header.decode(b, off, len, terms.maxMessageBytes());
        if (problem == null && header.session() != terms.session()) {
            problem = HeaderProblem.WRONG_SESSION;
        }
        if (problem == null && (header.type() != Header.ACK || header.messageBytes() != terms.ackBytes()
                || header.slot() >= terms.depth())) {
            problem = HeaderProblem.IMPOSSIBLE_FIELD;
        }
        int r = channel.receivedRoute();
        if (problem == null) {
            if (r == Channel.ROUTE_BY_TASK) {
                r = header.task();
            }
            if (r < 0 || r >= routes || header.task() != r) {
                problem = HeaderProblem.UNKNOWN_SENDER;
            }
        }
        if (problem != null) {
            stats.malformed(problem);
            if (problem.damage()) {
                corruptions.damaged(problem.damaged("ack for task " + task, len));
            }
            return false;
        }
        stats.rxBytes += len;
        int slot = header.slot();
        long seq = header.seq();
        if (seqOf[r][slot] != seq) {
            if (seq < nextSeq) {
                stats.late++;
            } else {
                stats.malformed(HeaderProblem.IMPOSSIBLE_FIELD);
            }
            return false;
        }
        seqOf[r][slot] = NOT_OUTSTANDING;
        outstanding[r]--;
        stats.acked++;
        long rtt = Math.max(1, now - sentAt[r][slot]);
        stats.rtt.recordValue(rtt);
        stats.rttNanos += rtt;
        int payload = len - Header.SIZE;
        int rot = PayloadPattern.rotation(terms.session(), header.task(), seq, Header.ACK);
        int bad = pattern.firstMismatch(rot, b, off + Header.SIZE, payload);
        if (bad >= 0) {
            stats.corrupt++;
            corruptions.corrupted("ack from responder task " + header.task(), task, seq,
                    Mismatch.find(pattern, rot, b, off + Header.SIZE, payload, bad));
        } else {
            stats.verifiedBytes += payload;
        }
        return true;
    }

    /** Counts requests unanswered since {@code now - ACK_TIMEOUT} as lost, freeing their slots. */
    private void expire(long now) {
        for (int r = 0; r < routes; r++) {
            for (int i = 0; i < terms.depth(); i++) {
                if (seqOf[r][i] != NOT_OUTSTANDING && (now == Long.MAX_VALUE || now - sentAt[r][i] > ACK_TIMEOUT_NANOS)) {
                    seqOf[r][i] = NOT_OUTSTANDING;
                    outstanding[r]--;
                    stats.lost++;
                }
            }
        }
    }

    private int totalOutstanding() {
        int n = 0;
        for (int o : outstanding) {
            n += o;
        }
        return n;
    }
}
