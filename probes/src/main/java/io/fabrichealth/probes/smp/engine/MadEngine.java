package io.fabrichealth.probes.smp.engine;

import io.fabrichealth.probes.mad.Mad;
import io.fabrichealth.probes.mad.MadDecodeException;
import io.fabrichealth.probes.mad.MadHeader;
import io.fabrichealth.probes.mad.MadRequest;
import io.fabrichealth.probes.mad.MadResponse;
import io.fabrichealth.probes.mad.MadStatusException;
import io.fabrichealth.jni.MadReceipt;
import io.fabrichealth.jni.UmadPort;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.HdrHistogram.IntCountsHistogram;

/**
 * A windowed MAD engine in one thread: callers {@link #submit} Get requests with a completion callback, then
 * {@link #run} sends, receives, times out and retries until every request (including those the callbacks submit)
 * has ended. It never blocks on one MAD while another could go out, and it keeps, at all times:
 * <ul>
 *   <li>at most {@code perDestination} attempts outstanding per destination and {@code window} on the port;</li>
 *   <li>at most {@code madsPerSecond} sends per second when a cap is set;</li>
 *   <li>a deadline of its own per attempt (umad2sim never times out), then a retry with a fresh TID.</li>
 * </ul>
 * Answers are matched on the low 32 bits of the TID, the attribute and the modifier. Not thread-safe: one thread
 * drives it, and {@link #stats()} is read by that thread between runs.
 */
public final class MadEngine {
    /**
     * Sends whose answer (or status-110 return) has not come back. umad2sim deadlocks at about 350 per client,
     * so the engine stops sending at this many even when its own deadlines have already expired them.
     */
    static final int OWED_LIMIT = 256;
    private static final int GIVEN_UP_MEMORY = 8192;

    private final MadTransport transport;
    private final LongSupplier nanoClock;
    private final ByteBuffer out = ByteBuffer.allocateDirect(Mad.SIZE);
    /** Answers taken per JNI crossing, at most; a full window of 128 drains in a few. */
    static final int RECEIVE_BATCH = 32;
    private final ByteBuffer in = ByteBuffer.allocateDirect(RECEIVE_BATCH * UmadPort.RECV_SLOT_SIZE);
    private final Map<String, Destination> destinations = new HashMap<>();
    private final ArrayDeque<Destination> ready = new ArrayDeque<>();
    private final InFlightTable inFlight = new InFlightTable();
    private final DeadlineRing deadlines = new DeadlineRing();
    private final Map<Integer, Boolean> givenUp = new LinkedHashMap<>(256, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, Boolean> eldest) {
            return size() > GIVEN_UP_MEMORY;
        }
    };
    /** RTTs of destinations {@link #forget forgotten}; the live ones are added at {@link #stats()}, not per MAD. */
    private final IntCountsHistogram forgottenRtt = new IntCountsHistogram(2);
    private EngineSettings settings;
    private EngineSettings running;
    private int nextTid = ThreadLocalRandom.current().nextInt();
    private int queued;
    private int owed;
    private long nextSendAt;
    private long stalledSince = -1;

    private long sent;
    private long received;
    private long timeouts;
    private long retries;
    private long late;
    private long unmatched;
    private long failed;
    private int maxInFlightLocal;
    private int maxInFlightPerDestination;

    public MadEngine(MadTransport transport, EngineSettings settings) {
        this(transport, settings, System::nanoTime);
    }

    MadEngine(MadTransport transport, EngineSettings settings, LongSupplier nanoClock) {
        this.transport = transport;
        this.settings = settings;
        this.nanoClock = nanoClock;
    }

    /** New windows, deadline, retries and cap; they apply from the next {@link #run}. */
    public void configure(EngineSettings newSettings) {
        this.settings = newSettings;
    }

    public EngineSettings settings() {
        return settings;
    }

    /**
     * Queues a Get for {@code destination} (any stable name: the per-destination window and RTT histogram key on
     * it). {@code onDone} runs on the engine's thread, inside {@link #run}, and may submit more requests.
     */
    public void submit(MadRequest request, String destination, Consumer<MadOutcome> onDone) {
        Destination d = destinations.computeIfAbsent(destination, Destination::new);
        d.queue.addLast(new Exchange(request, d, onDone));
        queued++;
        markReady(d);
    }

    /** Runs until no request is queued or outstanding. A callback's exception abandons the rest and propagates. */
    public void run() {
        running = settings;
        try {
            // One clock read per batch of answers: it stamps their RTTs, expires, and times the sends that follow.
            // The loop's body is its own method: run() is entered once per sweep, too rarely for the JIT to compile
            // it before each call spends its first thousand turns in the interpreter; step() is compiled early.
            long now = nanoClock.getAsLong();
            while (now != DONE) {
                now = step(now);
            }
        } catch (RuntimeException | Error e) {
            abandon();
            throw e;
        }
    }

    /** What {@link #step} returns when nothing is queued or outstanding any more. */
    private static final long DONE = Long.MIN_VALUE;

    /**
     * Nothing is in flight, so every deadline left is stale: drop them now. Answered exchanges wait in the ring until
     * its head is popped, and each holds its callback and what that captured (a whole sweep's PortInfos and
     * counters at 10,000 ports) until the next run.
     */
    private long done() {
        deadlines.clear();
        return DONE;
    }

    /** Expires, sends, takes one batch of answers and handles them; returns the clock after, or {@link #DONE}. */
    private long step(long now) {
        if (queued == 0 && inFlight.isEmpty()) {
            return done();
        }
        expire(now);
        send(now);
        if (queued == 0 && inFlight.isEmpty()) {
            return done();
        }
        long waitNanos = waitNanos(now);
        // No more than are owed: a look for an answer that cannot be there costs a umad_recv.
        int n = transport.receiveBatch(in, Math.max(1, Math.min(RECEIVE_BATCH, owed)),
                (int) TimeUnit.NANOSECONDS.toMillis(waitNanos + 999_999));
        long after = nanoClock.getAsLong();
        if (n == 0) {
            failIfStalled(after);
        }
        for (int i = 0; i < n; i++) {
            int slot = i * UmadPort.RECV_SLOT_SIZE;
            try {
                handle(in.getLong(slot), slot + UmadPort.RECV_SLOT_MAD, after);
            } catch (RuntimeException | Error e) {
                // A callback threw and run() abandons everything: the rest of this batch answers given-up
                // requests, so they count as late, as they would have had they arrived after.
                int rest = n - i - 1;
                late += rest;
                owed = Math.max(0, owed - rest);
                throw e;
            }
        }
        return after == DONE ? DONE + 1 : after;
    }

    public EngineStats stats() {
        Map<String, RttSummary> byDestination = new TreeMap<>();
        IntCountsHistogram allRtt = forgottenRtt.copy();
        for (Destination d : destinations.values()) {
            if (d.rtt.getTotalCount() > 0) {
                byDestination.put(d.name, RttSummary.of(d.rtt));
                allRtt.add(d.rtt);
            }
        }
        return new EngineStats(sent, received, timeouts, retries, late, unmatched, failed, maxInFlightLocal,
                maxInFlightPerDestination, RttSummary.of(allRtt), byDestination);
    }

    /** Attempts sent to one destination so far, retries included; 0 for a name never used. */
    public long madsSent(String destination) {
        Destination d = destinations.get(destination);
        return d == null ? 0 : d.sent;
    }

    /** RTTs to one destination so far. */
    public RttSummary rtt(String destination) {
        Destination d = destinations.get(destination);
        return d == null ? RttSummary.EMPTY : RttSummary.of(d.rtt);
    }

    /**
     * Drops an idle destination's queue, counts and RTT histogram, so a name used for a while (a measurement's)
     * does not stay in {@link #stats()}. The engine-wide counters and maxima keep what it sent.
     */
    public void forget(String destination) {
        Destination d = destinations.get(destination);
        if (d != null && d.queue.isEmpty() && d.inFlight == 0) {
            destinations.remove(destination);
            ready.remove(d);
            forgottenRtt.add(d.rtt);
        }
    }

    private void markReady(Destination d) {
        if (!d.inReadyList && !d.queue.isEmpty() && d.inFlight < running().perDestination()) {
            ready.addLast(d);
            d.inReadyList = true;
        }
    }

    private EngineSettings running() {
        return running != null ? running : settings;
    }

    private void send(long now) {
        EngineSettings s = running();
        long interval = s.madsPerSecond() == 0 ? 0 : 1_000_000_000L / s.madsPerSecond();
        while (!ready.isEmpty() && inFlight.size() < s.window() && owed < OWED_LIMIT) {
            if (interval > 0 && now < nextSendAt) {
                return;
            }
            Destination d = ready.pollFirst();
            d.inReadyList = false;
            if (d.queue.isEmpty() || d.inFlight >= s.perDestination()) {
                continue;
            }
            Exchange ex = d.queue.pollFirst();
            queued--;
            transmit(ex, now, s);
            markReady(d);
            if (interval > 0) {
                nextSendAt = Math.max(nextSendAt, now) + interval;
            }
        }
    }

    private void transmit(Exchange ex, long now, EngineSettings s) {
        int tid = nextTid++;
        ex.request.encode(out, 0, Integer.toUnsignedLong(tid));
        out.clear();
        transport.send(out, ex.address, s.timeoutMillis());
        ex.tid = tid;
        ex.sentAt = now;
        ex.inFlight = true;
        if (++ex.attempts > 1) {
            retries++;
        }
        sent++;
        owed++;
        inFlight.put(ex);
        deadlines.addLast(ex, tid, now + s.timeout().toNanos());
        Destination d = ex.destination;
        d.sent++;
        d.inFlight++;
        maxInFlightPerDestination = Math.max(maxInFlightPerDestination, d.inFlight);
        maxInFlightLocal = Math.max(maxInFlightLocal, inFlight.size());
    }

    /** Sent in order under one timeout, so deadlines are ordered too: expire from the head. */
    private void expire(long now) {
        while (deadlines.skipStale()) {
            if (deadlines.firstDeadline() > now) {
                return;
            }
            Exchange ex = deadlines.firstExchange();
            givenUp.put(deadlines.firstTid(), Boolean.TRUE);
            deadlines.pollFirst();
            timeouts++;
            release(ex);
            retryOrFail(ex, "no answer within " + running().timeout().toMillis() + " ms");
        }
    }

    private long waitNanos(long now) {
        long until = deadlines.skipStale() ? deadlines.firstDeadline() : Long.MAX_VALUE;
        EngineSettings s = running();
        boolean canSend = !ready.isEmpty() && inFlight.size() < s.window();
        if (canSend && owed < OWED_LIMIT && s.madsPerSecond() > 0) {
            until = Math.min(until, nextSendAt);
        }
        if (owed >= OWED_LIMIT && inFlight.isEmpty() && queued > 0) {
            if (stalledSince < 0) {
                stalledSince = now;
            }
            until = Math.min(until, stalledSince + s.timeout().toNanos());
        } else {
            stalledSince = -1;
        }
        return until == Long.MAX_VALUE ? s.timeout().toNanos() : Math.max(0, until - now);
    }

    /** One received MAD: its packed receipt and where its 256 bytes start in {@code in}. */
    private void handle(long receipt, int at, long now) {
        owed = Math.max(0, owed - 1);
        if (MadReceipt.packedLength(receipt) < Mad.SIZE) {
            unmatched++;
            return;
        }
        if (MadReceipt.packedStatus(receipt) == MadReceipt.STATUS_TIMED_OUT) {
            // Our own request came back unanswered (ibsim dropped it, or the kernel's send timeout expired).
            Exchange ex = inFlight.get(in.getInt(at + 12));
            if (ex != null) {
                timeouts++;
                release(ex);
                retryOrFail(ex, "dropped on the way (umad status 110)");
            }
            return;
        }
        // Decode once; a status or garbage answer still carries the header that matches it to a request.
        MadResponse response = null;
        MadHeader header;
        MadOutcome.Failed failure = null;
        boolean busy = false;
        try {
            response = MadResponse.decode(in, at);
            header = response.header();
        } catch (MadStatusException e) {
            header = e.header();
            busy = e.isBusy();
            failure = new MadOutcome.Failed(MadOutcome.Failure.STATUS, e.getMessage(), 0);
        } catch (MadDecodeException e) {
            try {
                header = MadHeader.decode(in, at);
            } catch (MadDecodeException notEvenAHeader) {
                unmatched++;
                return;
            }
            failure = new MadOutcome.Failed(MadOutcome.Failure.DECODE, e.getMessage(), 0);
        }
        int tid = (int) header.transactionId();
        Exchange ex = header.isResponse() ? inFlight.get(tid) : null;
        if (ex == null) {
            if (givenUp.containsKey(tid)) {
                late++;
            } else {
                unmatched++;
            }
            return;
        }
        if (!ex.request.isAnsweredBy(header, Integer.toUnsignedLong(ex.tid))) {
            unmatched++;
            return;
        }
        received++;
        long rttMicros = Math.max(1, (now - ex.sentAt) / 1000);
        ex.destination.rtt.recordValue(rttMicros);
        release(ex);
        if (busy) {
            retryOrFail(ex, "busy: " + failure.message());
            return;
        }
        MadOutcome outcome = failure != null
                ? new MadOutcome.Failed(failure.failure(), failure.message(), ex.attempts)
                : new MadOutcome.Answer(header, response.attribute(), now - ex.sentAt);
        finish(ex, outcome);
    }

    private void release(Exchange ex) {
        inFlight.remove(ex);
        ex.inFlight = false;
        ex.destination.inFlight--;
        markReady(ex.destination);
    }

    private void retryOrFail(Exchange ex, String why) {
        if (ex.attempts <= running().retries()) {
            ex.destination.queue.addFirst(ex);
            queued++;
            markReady(ex.destination);
        } else {
            finish(ex, new MadOutcome.Failed(MadOutcome.Failure.TIMEOUT, ex.request + ": " + why + " after "
                    + ex.attempts + " attempt(s)", ex.attempts));
        }
    }

    private void finish(Exchange ex, MadOutcome outcome) {
        if (!outcome.answered()) {
            failed++;
        }
        ex.onDone.accept(outcome);
    }

    /** Nothing in flight, nothing may be sent, and no answer came for a whole timeout: give up on the queue. */
    private void failIfStalled(long now) {
        if (stalledSince < 0 || owed < OWED_LIMIT || now - stalledSince < running().timeout().toNanos()) {
            return;
        }
        stalledSince = -1;
        String why = owed + " MADs sent earlier are still unanswered by the fabric; not sending more until they "
                + "come back (umad2sim hangs near 350)";
        for (Destination d : destinations.values()) {
            while (!d.queue.isEmpty()) {
                Exchange ex = d.queue.pollFirst();
                queued--;
                finish(ex, new MadOutcome.Failed(MadOutcome.Failure.SATURATED, ex.request + ": " + why, ex.attempts));
            }
        }
    }

    /** Drops everything queued or outstanding; answers still on the way will count as late. */
    private void abandon() {
        inFlight.drainTo(ex -> {
            givenUp.put(ex.tid, Boolean.TRUE);
            ex.inFlight = false;
        });
        deadlines.clear();
        ready.clear();
        for (Destination d : destinations.values()) {
            d.queue.clear();
            d.inFlight = 0;
            d.inReadyList = false;
        }
        queued = 0;
    }
}
