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
 * Runs one parameter set against one target: connect, learn the target's slots, move payloads for the
 * budgeted bytes or time, have every payload verified by the side that received it, disconnect.
 *
 * <p>Put: write a payload into a target slot, then NOTE it; the target verifies and returns a CREDIT
 * (with the slot's current address and key), which frees the slot. Get: ask the target to FILL a slot,
 * read it back when FILLED, and verify here. The window keeps that many slots in flight.
 */
final class BurstInitiator extends Link.Handler {
    private static final int FREE = 0;
    private static final int BUSY = 1;
    private static final int DONE = 2;
    private static final int CANCELLED = 3;

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
    private boolean[] used;
    private long nextSeq;
    private long verifiedBytes;
    private long ops;
    private int outstanding;
    private String failure;
    private String corrupted;
    private long lastProgress;
    private boolean welcomed;
    private boolean byeAcked;
    private long grantedBytes;
    private long grantedMillis;
    private byte[] welcomeAddress;
    private boolean cancelPhase;
    private final List<Integer> cancelledReceives = new ArrayList<>();

    BurstInitiator(BurstPlan plan, HostPort target, String identity, String burstId, AlarmSink alarms) {
        this(plan, target, identity, burstId, false, alarms);
    }

    /** @param more the suite has sets after this one: the target stays held for this initiator until the next */
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
            return BurstResult.notRun(peer, plan.setName(), BurstResult.Outcome.UNSUPPORTED, e.getMessage(), at);
        } catch (RefusedException e) {
            return BurstResult.refused(peer, plan.setName(), e.busy, e.getMessage(), at);
        } catch (RuntimeException e) {
            // A post refused outright (fi_send: ENOENT once sockets has dropped the connection) names the target too.
            String why = e instanceof BurstFailure ? e.getMessage()
                    : e instanceof NativeException ? "target " + target + ": " + e.getMessage()
                    : e.getClass().getSimpleName() + ": " + e.getMessage();
            return new BurstResult(peer, plan.setName(), BurstResult.Outcome.FAIL, why, verifiedBytes, ops,
                    Duration.between(at, Instant.now()), at, Map.copyOf(facts));
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
        facts.put("segments", segments + (segments < plan.segments() ? " (iov_limit " + iovLimit + ")" : ""));
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
        used = new boolean[plan.window()];
        java.util.Arrays.fill(state, plan.get() ? FREE : BUSY); // put: busy until the slot's first CREDIT
        lastProgress = System.nanoTime();
        hello(segments);
        facts.put("window", Integer.toString(window));
        long budget = Math.min(plan.maxBytes(), grantedBytes);
        long timeBudget = Math.min(plan.maxDuration().toNanos(), grantedMillis * 1_000_000L);
        long start = System.nanoTime();
        lastProgress = start;
        if (plan.get()) {
            runGet(start, budget, timeBudget);
        } else {
            runPut(start, budget, timeBudget);
        }
        long end = System.nanoTime();
        if (plan.set() == io.fabrichealth.config.BurstSet.CANCEL && failure == null) {
            cancelPhase();
        }
        bye();
        if (failure == null) {
            failure = corrupted;
        }
        Duration took = Duration.ofNanos(end - start);
        if (failure != null) {
            return new BurstResult(peer, plan.setName(), BurstResult.Outcome.FAIL, failure, verifiedBytes, ops, took, at,
                    Map.copyOf(facts));
        }
        return new BurstResult(peer, plan.setName(), BurstResult.Outcome.OK, "", verifiedBytes, ops, took, at,
                Map.copyOf(facts));
    }

    private void hello(int segments) {
        long deadline = System.nanoTime() + Link.CONNECT_TIMEOUT.toNanos();
        int i = link.acquireSend(deadline);
        ByteBuffer m = link.messages();
        int at = Link.offset(i);
        Wire.write(m, at, Wire.HELLO, plan.window(), plan.cancelDelay().toMillis(), (long) segments * plan.segmentSize(),
                plan.maxBytes(),
                plan.maxDuration().toMillis(), plan.set().ordinal());
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

    private void runPut(long start, long budget, long timeBudget) {
        long issued = 0;
        boolean stop = false;
        long hardDeadline = start + timeBudget + plan.stallTimeout().toNanos();
        while (failure == null) {
            for (int s = 0; !stop && s < window; s++) {
                if (state[s] != FREE) {
                    continue;
                }
                // The clock is read only when a slot is free to use, not on every pass of the loop.
                if (issued >= budget || System.nanoTime() - start >= timeBudget) {
                    stop = true;
                    break;
                }
                if (plan.reregister() && used[s]) {
                    slots.reregister(s);
                }
                used[s] = true;
                long seq = nextSeq++;
                slotSeq[s] = seq;
                slots.fill(pattern, s, seq);
                postWrite(s, hardDeadline);
                state[s] = BUSY;
                outstanding++;
                issued += slots.payloadBytes();
                if (issued >= budget) {
                    stop = true;
                }
            }
            if (stop && outstanding == 0) {
                return;
            }
            step(hardDeadline, "moving payloads");
        }
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

    private void runGet(long start, long budget, long timeBudget) {
        long issued = 0;
        boolean stop = false;
        long hardDeadline = start + timeBudget + plan.stallTimeout().toNanos();
        while (failure == null) {
            if (!stop && (issued >= budget || System.nanoTime() - start >= timeBudget)) {
                stop = true;
            }
            for (int s = 0; !stop && s < window; s++) {
                if (state[s] != FREE) {
                    continue;
                }
                long seq = nextSeq++;
                slotSeq[s] = seq;
                link.send(Wire.FILL, s, seq, 0, 0, 0, 0, hardDeadline);
                state[s] = BUSY;
                outstanding++;
                issued += slots.payloadBytes();
                if (issued >= budget) {
                    stop = true;
                }
            }
            if (stop && outstanding == 0) {
                return;
            }
            step(hardDeadline, "reading payloads");
        }
    }

    /**
     * The cancel set: post a window of writes, wait the configured delay without driving progress,
     * fi_cancel every write and every posted receive, then require each to be reported completed or
     * FI_ECANCELED before the stall timeout. Writes that completed are then verified as usual.
     */
    private void cancelPhase() {
        cancelPhase = true;
        long deadline = System.nanoTime() + plan.stallTimeout().toNanos() + plan.cancelDelay().toNanos();
        for (int s = 0; s < window; s++) {
            long seq = nextSeq++;
            slotSeq[s] = seq;
            slots.fill(pattern, s, seq);
            postWrite(s, deadline);
            state[s] = BUSY;
        }
        sleep(plan.cancelDelay());
        for (int s = 0; s < window; s++) {
            link.endpoint().cancel(link.rmaContext(s));
        }
        List<Integer> receives = link.cancelReceives();
        long drainDeadline = System.nanoTime() + plan.stallTimeout().toNanos();
        while (System.nanoTime() < drainDeadline && failure == null && !allReported(receives)) {
            if (link.poll() == 0) {
                link.idle();
            }
        }
        if (failure != null) {
            return;
        }
        List<String> missing = new ArrayList<>();
        for (int s = 0; s < window; s++) {
            if (state[s] == BUSY) {
                missing.add("write slot " + s + " (seq " + slotSeq[s] + ")");
            }
        }
        for (int r : receives) {
            if (!cancelledReceives.contains(r) && link.receivePosted(r)) {
                missing.add("receive #" + r);
            }
        }
        long completed = java.util.Arrays.stream(state).filter(x -> x == DONE).count();
        facts.put("cancel", window + " writes (" + completed + " completed, " + (window - completed)
                + " cancelled) and " + receives.size() + " receives (" + cancelledReceives.size() + " cancelled)");
        if (!missing.isEmpty()) {
            failure = "after fi_cancel, " + missing.size() + " operation(s) were never reported completed or "
                    + "cancelled within " + plan.stallTimeout().toSeconds() + " s: " + String.join(", ", missing);
            return;
        }
        cancelPhase = false;
        link.repostReceives();
        long verifyDeadline = System.nanoTime() + plan.stallTimeout().toNanos();
        outstanding = 0;
        for (int s = 0; s < window; s++) {
            if (state[s] == DONE) {
                state[s] = BUSY;
                outstanding++;
                link.send(Wire.NOTE, s, slotSeq[s], 0, 0, 0, 0, verifyDeadline);
            }
        }
        while (outstanding > 0 && failure == null) {
            step(verifyDeadline, "verifying the writes that completed before the cancel");
        }
    }

    private boolean allReported(List<Integer> receives) {
        for (int s = 0; s < window; s++) {
            if (state[s] == BUSY) {
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
            lastProgress = System.nanoTime();
            return;
        }
        long now = System.nanoTime();
        if (now - lastProgress > 100_000_000L) {
            String gone = link.peerGone();
            if (gone != null) {
                throw new BurstFailure("target " + target + " went away while " + doing + ": " + gone + " ("
                        + outstanding + " operation(s) outstanding)");
            }
        }
        if (now - lastProgress > plan.stallTimeout().toNanos()) {
            throw new BurstFailure("target " + target + " stopped answering while " + doing + ": no completion for "
                    + plan.stallTimeout().toSeconds() + " s with " + outstanding + " operation(s) outstanding");
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
                outstanding += plan.get() ? 0 : window;
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
                outstanding--;
                break;
            case Wire.FILLED:
                checkSlot(s, type);
                if (Wire.seq(m, at) != slotSeq[s]) {
                    throw new BurstFailure("target filled slot " + s + " with seq " + Wire.seq(m, at) + ", asked for "
                            + slotSeq[s]);
                }
                postRead(s, Wire.field(m, at, 0), Wire.field(m, at, 1));
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
        long ctx = link.rmaContext(s);
        while (!link.endpoint().readmsg(slots.gather(s), link.peer(), address, slots.payloadBytes(), key, ctx,
                Flags.FI_COMPLETION)) {
            link.poll();
        }
    }

    @Override
    void onRma(int s) {
        ops++;
        if (cancelPhase) {
            state[s] = DONE;
            return;
        }
        if (plan.get()) {
            Mismatch bad = slots.verify(pattern, s, slotSeq[s]);
            if (bad != null) {
                String details = bad.describe(target.toString(), plan.setName(), burstId);
                alarms.raise(AlarmKind.Corruption, target.toString(), details);
                corruption(details);
            } else {
                verifiedBytes += slots.payloadBytes();
            }
            state[s] = FREE;
            outstanding--;
            return;
        }
        link.send(Wire.NOTE, s, slotSeq[s], 0, 0, 0, 0, System.nanoTime() + plan.stallTimeout().toNanos());
    }

    @Override
    void onError(Link.Op op, int index, CompletionError error) {
        if (cancelPhase && error.cancelled()) {
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
                + " (" + outstanding + " operation(s) outstanding)" + hint);
    }

    /** Corruption fails the set but not the burst: later payloads are still moved and verified. */
    private void corruption(String details) {
        if (corrupted == null) {
            corrupted = "Corruption: " + details;
        }
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BurstFailure("interrupted");
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
