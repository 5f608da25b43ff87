package io.fabrichealth.probes.bursts;

import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.config.HostPort;
import io.fabrichealth.jni.NativeException;
import io.fabrichealth.jni.fabric.CompletionQueue.CompletionError;
import io.fabrichealth.jni.fabric.Flags;
import io.fabrichealth.jni.fabric.Status;
import io.fabrichealth.alarms.AlarmSink;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs one test (a parameter set in a phase) against one target: connect, learn the target's slots, move payloads
 * until bursts.maxBytes have moved (or bursts.maxDuration, the safety bound, has passed), have every payload
 * verified by the side that received it, disconnect.
 *
 * <p>Put (the initiator is the sender, fabtput's side): write a payload into a target slot, then NOTE it; the
 * target verifies and returns a CREDIT (with the slot's current address and key), which frees the slot. Get (the
 * initiator is the receiver, fabtget's side): ask the target to FILL a slot, read it when FILLED, and verify
 * here. The window keeps that many slots in flight. The set's keywords change only this side: reregister
 * deregisters a buffer once transmitted (put) or emptied and verified (get) and registers it again before reuse;
 * contiguous writes one plain buffer; wait sleeps on the CQ's wait object; cancel fi_cancels everything at
 * bursts.cancelDelay. Cacheless is this same class in a helper JVM ({@link CachelessRunner}).
 */
final class BurstInitiator extends Link.Handler {
    private static final int FREE = 0;
    /** The slot's RMA (put: write, get: read) is in flight. */
    private static final int RMA = 1;
    /** Put: the NOTE is sent (or the first CREDIT awaited); the target's CREDIT frees the slot. */
    private static final int NOTED = 2;
    /** Get: FILL sent, FILLED awaited. */
    private static final int ASKED = 3;
    /** Cancel: the RMA completed while the cancel drained; what it moved is verified afterwards. */
    private static final int DONE = 4;
    /** Cancel: the RMA was reported FI_ECANCELED. */
    private static final int CANCELLED = 5;

    private final BurstPlan plan;
    private final HostPort target;
    private final String identity;
    private final String burstId;
    private final AlarmSink alarms;
    private final boolean more;
    private final Map<String, String> facts = new LinkedHashMap<>();

    private Link link;
    private SlotBuffers slots;
    private PayloadPattern pattern;
    private int window;
    private int[] state;
    private long[] slotSeq;
    private long[] remoteAddress;
    private long[] remoteKey;
    private long nextSeq;
    private long verifiedBytes;
    private long ops;
    private String failure;
    private String corrupted;
    private long lastProgress;
    private boolean progressed;
    private boolean welcomed;
    private boolean byeAcked;
    private long grantedBytes;
    private long grantedMillis;
    private byte[] welcomeAddress;
    /** fi_cancel has been called: operations are being reported. */
    private boolean draining;
    /** The burst was cancelled: nothing new is posted, a FILLED is not read. */
    private boolean cancelled;
    private boolean capped;
    private final List<Integer> cancelledReceives = new ArrayList<>();

    BurstInitiator(BurstPlan plan, HostPort target, String identity, String burstId, AlarmSink alarms) {
        this(plan, target, identity, burstId, false, alarms);
    }

    /** @param more the suite has tests after this one: the target stays held for this initiator until the next */
    BurstInitiator(BurstPlan plan, HostPort target, String identity, String burstId, boolean more, AlarmSink alarms) {
        this.plan = plan;
        this.target = target;
        this.identity = identity;
        this.burstId = burstId;
        this.more = more;
        this.alarms = alarms;
    }

    BurstResult run() {
        Instant at = Instant.now();
        String peer = target.toString();
        try (Link l = Link.connect(plan.hints(), target, plan.waitMode(), plan.window())) {
            link = l;
            link.handler(this);
            return runConnected(peer, at);
        } catch (BurstUnsupported e) {
            return BurstResult.notRun(peer, plan, BurstResult.Outcome.UNSUPPORTED, e.getMessage(), at);
        } catch (RefusedException e) {
            return BurstResult.refused(peer, plan, e.busy, e.getMessage(), at);
        } catch (RuntimeException e) {
            // A post refused outright (fi_send: ENOENT once sockets has dropped the connection) names the target too.
            String why = e instanceof BurstFailure ? e.getMessage()
                    : e instanceof NativeException ? "target " + target + ": " + e.getMessage()
                    : e.getClass().getSimpleName() + ": " + e.getMessage();
            return new BurstResult(peer, plan.phase(), plan.set(), BurstResult.Outcome.FAIL, why, verifiedBytes, ops,
                    Duration.between(at, Instant.now()), capped, at, Map.copyOf(facts));
        } finally {
            if (slots != null) {
                slots.close();
            }
        }
    }

    private BurstResult runConnected(String peer, Instant at) {
        int iovLimit = Math.max(1, link.info().txIovLimit());
        int segments = plan.gather() ? Math.min(plan.segments(), iovLimit) : plan.segments();
        facts.put("provider", link.info().provider());
        facts.put("endpoint", plan.type().name());
        facts.put("segments", segments + (segments < plan.segments() ? " (iov_limit " + iovLimit + ")" : "")
                + (plan.gather() ? "" : ", contiguous"));
        facts.put("segmentSize", Integer.toString(plan.segmentSize()));
        facts.put("mrMode", "0x" + Integer.toHexString(link.info().mrMode()));
        facts.put("fiEnvironment", io.fabrichealth.jni.fabric.FabricLibrary.environmentAtInit().toString());
        pattern = new PayloadPattern(segments * plan.segmentSize());
        // Slots exist before HELLO: the target's first CREDITs may arrive with its WELCOME.
        slots = new SlotBuffers(link.domain(), link.endpoint(), plan.window(), segments, plan.segmentSize(),
                plan.gather(), Flags.FI_WRITE | Flags.FI_READ);
        state = new int[plan.window()];
        slotSeq = new long[plan.window()];
        remoteAddress = new long[plan.window()];
        remoteKey = new long[plan.window()];
        java.util.Arrays.fill(state, plan.get() ? FREE : NOTED); // put: until the slot's first CREDIT
        lastProgress = System.nanoTime();
        hello(segments);
        facts.put("window", Integer.toString(window));
        long budget = Math.min(plan.maxBytes(), grantedBytes);
        long timeBudget = Math.min(plan.maxDuration().toNanos(), grantedMillis * 1_000_000L);
        long start = System.nanoTime();
        lastProgress = start;
        long cancelAt = plan.cancel() ? start + plan.cancelDelay().toNanos() : Long.MAX_VALUE;
        boolean cancelNow = plan.get() ? runGet(start, budget, timeBudget, cancelAt)
                : runPut(start, budget, timeBudget, cancelAt);
        long moved = System.nanoTime();
        if (failure == null && cancelNow) {
            cancel(start);
        } else if (failure == null && plan.cancel()) {
            failure = "the burst ended (" + verifiedBytes + " bytes in " + (moved - start) / 1_000_000
                    + " ms) before bursts.cancelDelay (" + plan.cancelDelay().toMillis() + " ms), so it was never "
                    + "cancelled: lower bursts.cancelDelay below " + (moved - start) / 1_000_000
                    + " ms, or raise bursts.maxBytes";
        }
        long end = System.nanoTime();
        facts.put("registrations", Long.toString(slots.registrations()));
        bye();
        if (failure == null) {
            failure = corrupted;
        }
        Duration took = Duration.ofNanos(end - start);
        if (capped) {
            facts.put("capped", "stopped at bursts.maxDuration (" + plan.maxDuration().toMillis() + " ms) after "
                    + verifiedBytes + " of " + budget + " bytes");
        }
        BurstResult.Outcome outcome = failure != null ? BurstResult.Outcome.FAIL : BurstResult.Outcome.OK;
        return new BurstResult(peer, plan.phase(), plan.set(), outcome, failure == null ? "" : failure, verifiedBytes,
                ops, took, capped, at, Map.copyOf(facts));
    }

    private void hello(int segments) {
        long deadline = System.nanoTime() + Link.CONNECT_TIMEOUT.toNanos();
        int i = link.acquireSend(deadline);
        ByteBuffer m = link.messages();
        int at = Link.offset(i);
        Wire.write(m, at, Wire.HELLO, plan.window(), plan.cancelDelay().toMillis(), (long) segments * plan.segmentSize(),
                plan.maxBytes(), plan.maxDuration().toMillis(), Wire.testCode(plan.phase(), plan.set()));
        Wire.text(m, at, identity + "\n" + burstId + (more ? "\n" + Wire.MORE : ""));
        if (link.info().rdm()) {
            Wire.address(m, at, link.name());
        }
        link.post(i);
        while (!welcomed) {
            step(deadline, "waiting for the target's WELCOME");
        }
        if (welcomeAddress != null && welcomeAddress.length > 0) {
            link.peer(welcomeAddress);
        }
    }

    /** @return true when the burst is to be cancelled now (cancel set, bursts.cancelDelay reached mid-burst) */
    private boolean runPut(long start, long budget, long timeBudget, long cancelAt) {
        long issued = 0;
        boolean stop = false;
        long hardDeadline = start + timeBudget + plan.stallTimeout().toNanos();
        while (failure == null) {
            for (int s = 0; !stop && s < window; s++) {
                if (state[s] != FREE) {
                    continue;
                }
                // The clock is read only when a slot is free to use, not on every pass of the loop.
                if (System.nanoTime() - start >= timeBudget) {
                    capped = issued < budget;
                    stop = true;
                    break;
                }
                if (plan.reregister()) {
                    slots.ensureRegistered(s);
                }
                long seq = nextSeq++;
                slotSeq[s] = seq;
                slots.fill(pattern, s, seq);
                postWrite(s, hardDeadline);
                state[s] = RMA;
                issued += slots.payloadBytes();
                if (issued >= budget) {
                    stop = true;
                }
            }
            if (cancelAt != Long.MAX_VALUE && System.nanoTime() >= cancelAt) {
                return true;
            }
            if (stop && outstanding() == 0) {
                return false;
            }
            step(hardDeadline, "moving payloads");
        }
        return false;
    }

    private void postWrite(int s, long deadline) {
        long ctx = link.rmaContext(s);
        while (true) {
            boolean posted = plan.gather()
                    ? link.endpoint().writemsg(slots.gather(s), link.peer(), remoteAddress[s], slots.payloadBytes(),
                            remoteKey[s], ctx, Flags.FI_COMPLETION | Flags.FI_DELIVERY_COMPLETE)
                    : link.endpoint().write(slots.region(s).address(), slots.payloadBytes(), slots.region(s).desc(),
                            link.peer(), remoteAddress[s], remoteKey[s], ctx);
            if (posted) {
                return;
            }
            step(deadline, "posting a write");
        }
    }

    /** @return true when the burst is to be cancelled now */
    private boolean runGet(long start, long budget, long timeBudget, long cancelAt) {
        long issued = 0;
        boolean stop = false;
        long hardDeadline = start + timeBudget + plan.stallTimeout().toNanos();
        while (failure == null) {
            if (!stop && System.nanoTime() - start >= timeBudget) {
                capped = issued < budget;
                stop = true;
            }
            for (int s = 0; !stop && s < window; s++) {
                if (state[s] != FREE) {
                    continue;
                }
                long seq = nextSeq++;
                slotSeq[s] = seq;
                link.send(Wire.FILL, s, seq, 0, 0, 0, 0, hardDeadline);
                state[s] = ASKED;
                issued += slots.payloadBytes();
                if (issued >= budget) {
                    stop = true;
                }
            }
            if (cancelAt != Long.MAX_VALUE && System.nanoTime() >= cancelAt) {
                return true;
            }
            if (stop && outstanding() == 0) {
                return false;
            }
            step(hardDeadline, "reading payloads");
        }
        return false;
    }

    /** Slots with an operation or a reply outstanding. */
    private int outstanding() {
        int n = 0;
        for (int s = 0; s < window; s++) {
            if (state[s] != FREE) {
                n++;
            }
        }
        return n;
    }

    /**
     * The cancel set, as fabtrun's programs do on SIGINT: fi_cancel every outstanding operation (each RMA in flight
     * and every posted receive), then require libfabric to report each one completed or FI_ECANCELED within the
     * stall timeout. What did arrive is then verified as usual: put's completed writes are NOTEd to the target,
     * get's completed reads are checked here; replies already on their way are taken, and nothing new is posted.
     * The RMAs are cancelled and reported first, the receives second: on a stream provider (tcp) a write's
     * delivery acknowledgement queues behind the target's messages, which need a posted receive to move.
     */
    private void cancel(long start) {
        facts.put("cancelledAfter", (System.nanoTime() - start) / 1_000_000 + " ms");
        draining = true;
        cancelled = true;
        List<Integer> rmas = new ArrayList<>();
        for (int s = 0; s < window; s++) {
            if (state[s] == RMA) {
                rmas.add(s);
                link.cancelRma(s);
            }
        }
        long drainDeadline = System.nanoTime() + plan.stallTimeout().toNanos();
        List<Integer> receives = List.of();
        while (System.nanoTime() < drainDeadline && failure == null && !allReported(receives)) {
            if (link.poll() == 0) {
                link.idle();
            }
        }
        if (failure == null && allReported(receives)) {
            receives = link.cancelReceives();
            while (System.nanoTime() < drainDeadline && failure == null && !allReported(receives)) {
                if (link.poll() == 0) {
                    link.idle();
                }
            }
        }
        if (failure != null) {
            return;
        }
        List<String> missing = new ArrayList<>();
        for (int s : rmas) {
            if (state[s] == RMA) {
                missing.add((plan.get() ? "read" : "write") + " on slot " + s + " (seq " + slotSeq[s] + ")");
            }
        }
        for (int r : receives) {
            if (!cancelledReceives.contains(r) && link.receivePosted(r)) {
                missing.add("receive #" + r);
            }
        }
        long completed = rmas.stream().filter(s -> state[s] == DONE).count();
        facts.put("cancel", rmas.size() + (plan.get() ? " reads" : " writes") + " in flight (" + completed
                + " completed, " + (rmas.size() - completed) + " cancelled) and " + receives.size() + " receives ("
                + cancelledReceives.size() + " cancelled)");
        if (!missing.isEmpty()) {
            failure = "after fi_cancel, " + missing.size() + " operation(s) were never reported completed or "
                    + "cancelled within " + plan.stallTimeout().toSeconds() + " s: " + String.join(", ", missing);
            return;
        }
        draining = false;
        link.repostReceives();
        // Twice the stall timeout: a target that goes quiet is named by the stall check first.
        long verifyDeadline = System.nanoTime() + plan.stallTimeout().multipliedBy(2).toNanos();
        for (int s = 0; s < window; s++) {
            if (state[s] == CANCELLED) {
                state[s] = FREE;
            } else if (state[s] == DONE && plan.get()) {
                verifyRead(s);
            } else if (state[s] == DONE) {
                state[s] = NOTED;
                link.send(Wire.NOTE, s, slotSeq[s], 0, 0, 0, 0, verifyDeadline);
            }
        }
        while (outstanding() > 0 && failure == null) {
            step(verifyDeadline, "verifying what arrived before the cancel");
        }
    }

    private boolean allReported(List<Integer> receives) {
        for (int s = 0; s < window; s++) {
            if (state[s] == RMA) {
                return false;
            }
        }
        for (int r : receives) {
            if (!cancelledReceives.contains(r) && link.receivePosted(r)) {
                return false;
            }
        }
        return true;
    }

    private void bye() {
        if (failure != null && failure.startsWith("target")) {
            return;
        }
        long deadline = System.nanoTime() + plan.stallTimeout().toNanos();
        try {
            link.send(Wire.BYE, 0, 0, 0, 0, 0, 0, deadline);
            while (!byeAcked && System.nanoTime() < deadline) {
                if (link.poll() == 0) {
                    link.idle();
                }
            }
        } catch (RuntimeException e) {
            if (failure == null) {
                failure = "saying goodbye to the target failed: " + e.getMessage();
            }
        }
        if (!byeAcked && failure == null) {
            failure = "the target did not acknowledge the end of the burst within " + plan.stallTimeout().toSeconds() + " s";
        }
    }

    /** One round of progress; fails the burst when nothing moved for the stall timeout or past the deadline. */
    private void step(long deadline, String doing) {
        if (link.poll() > 0) {
            progressed = true;
            return;
        }
        if (!link.clockDue()) {
            link.idle();
            return;
        }
        long now = System.nanoTime();
        if (progressed) {
            lastProgress = now; // the clock is read on empty polls only, so a completion is dated at the next one
            progressed = false;
        }
        if (now - lastProgress > 100_000_000L) {
            String gone = link.peerGone();
            if (gone != null) {
                throw new BurstFailure("target " + target + " went away while " + doing + ": " + gone + " ("
                        + outstanding() + " operation(s) outstanding)");
            }
        }
        if (now - lastProgress > plan.stallTimeout().toNanos()) {
            throw new BurstFailure("target " + target + " stopped answering while " + doing + ": no completion for "
                    + plan.stallTimeout().toSeconds() + " s with " + outstanding() + " operation(s) outstanding");
        }
        if (now > deadline) {
            throw new BurstFailure("target " + target + ": " + doing + " overran the burst's time budget plus "
                    + plan.stallTimeout().toSeconds() + " s");
        }
        link.idle();
    }

    @Override
    String peerName() {
        return "target " + target;
    }

    /** A damaged control message is a Corruption, and the set fails: what it said can't be believed. */
    @Override
    void onDamaged(WireException damaged) {
        if (damaged.corruption()) {
            alarms.raise(AlarmKind.Corruption, target.toString(), damaged.details());
        }
        throw damaged;
    }

    @Override
    void onMessage(ByteBuffer m, int at) {
        int type = Wire.type(m, at);
        int s = Wire.slot(m, at);
        switch (type) {
            case Wire.WELCOME:
                grantedBytes = Wire.field(m, at, 0);
                grantedMillis = Wire.field(m, at, 1);
                window = (int) Math.max(1, Math.min(plan.window(), Wire.field(m, at, 2)));
                welcomeAddress = Wire.address(m, at);
                welcomed = true;
                break;
            case Wire.REFUSED:
                throw new RefusedException("target " + target + " refused the burst: " + Wire.text(m, at),
                        Wire.field(m, at, 0) == Wire.REFUSED_BUSY);
            case Wire.CREDIT:
                checkSlot(s, type);
                remoteAddress[s] = Wire.field(m, at, 0);
                remoteKey[s] = Wire.field(m, at, 1);
                if (Wire.seq(m, at) >= 0) {
                    if (Wire.field(m, at, 2) != 0) {
                        corruption("the target found payload seq " + Wire.seq(m, at) + " corrupted: " + Wire.text(m, at));
                    } else {
                        verifiedBytes += slots.payloadBytes();
                    }
                }
                state[s] = FREE;
                break;
            case Wire.FILLED:
                checkSlot(s, type);
                if (Wire.seq(m, at) != slotSeq[s]) {
                    throw new BurstFailure("target filled slot " + s + " with seq " + Wire.seq(m, at) + ", asked for "
                            + slotSeq[s]);
                }
                if (cancelled) {
                    state[s] = FREE; // the burst was cancelled: the payload never moves, so there is nothing to check
                } else {
                    postRead(s, Wire.field(m, at, 0), Wire.field(m, at, 1));
                }
                break;
            case Wire.ENDED:
                throw new BurstFailure("target " + target + " ended the burst: " + Wire.text(m, at));
            case Wire.BYE_ACK:
                byeAcked = true;
                facts.put("targetVerified", Wire.field(m, at, 0) + " payloads, " + Wire.field(m, at, 1) + " bad");
                break;
            default:
                throw new BurstFailure("unexpected " + Wire.name(type) + " from the target");
        }
    }

    private void checkSlot(int s, int type) {
        if (slots == null || s < 0 || s >= window) {
            throw new BurstFailure(Wire.name(type) + " for slot " + s + ", which does not exist (window " + window + ")");
        }
    }

    private void postRead(int s, long address, long key) {
        if (plan.reregister()) {
            slots.ensureRegistered(s);
        }
        long ctx = link.rmaContext(s);
        state[s] = RMA;
        while (!link.endpoint().readmsg(slots.gather(s), link.peer(), address, slots.payloadBytes(), key, ctx,
                Flags.FI_COMPLETION)) {
            link.poll();
        }
    }

    @Override
    void onRma(int s) {
        ops++;
        if (draining) {
            state[s] = DONE;
            return;
        }
        if (plan.get()) {
            verifyRead(s);
            return;
        }
        if (plan.reregister()) {
            slots.deregister(s); // transmitted: registered again before its next use
        }
        state[s] = NOTED;
        link.send(Wire.NOTE, s, slotSeq[s], 0, 0, 0, 0, System.nanoTime() + plan.stallTimeout().toNanos());
    }

    /** Get: every byte of the slot read back against its payload; then the slot is free (and, reregister, deregistered). */
    private void verifyRead(int s) {
        Mismatch bad = slots.verify(pattern, s, slotSeq[s]);
        if (bad != null) {
            String details = bad.describe(target.toString(), plan.testName(), burstId);
            alarms.raise(AlarmKind.Corruption, target.toString(), details);
            corruption(details);
        } else {
            verifiedBytes += slots.payloadBytes();
        }
        if (plan.reregister()) {
            slots.deregister(s); // emptied and verified: registered again before it is read into again
        }
        state[s] = FREE;
    }

    @Override
    void onError(Link.Op op, int index, CompletionError error) {
        if (draining && error.cancelled()) {
            if (op == Link.Op.RMA) {
                state[index] = CANCELLED;
            } else if (op == Link.Op.RECEIVE) {
                cancelledReceives.add(index);
            }
            return;
        }
        String lost = Status.connectionLost(error.status()) ? " went away mid-burst (connection lost)" : "";
        String hint = op == Link.Op.RMA && error.status() == Status.FI_EACCES
                ? "; the target no longer accepts the slot's key: it deregistered the buffer, ended the burst or restarted"
                : "";
        throw new BurstFailure("target " + target + lost + ": " + op.text(index) + " failed: " + Link.describe(error)
                + " (" + outstanding() + " operation(s) outstanding)" + hint);
    }

    /** Corruption fails the set but not the burst: later payloads are still moved and verified. */
    private void corruption(String details) {
        if (corrupted == null) {
            corrupted = "Corruption: " + details;
        }
    }

    /** The target said no (another initiator holds it, or its budget is spent): the run is SKIPPED, not failed. */
    static final class RefusedException extends BurstFailure {
        private static final long serialVersionUID = 1L;
        final boolean busy;

        RefusedException(String message, boolean busy) {
            super(message);
            this.busy = busy;
        }
    }
}
