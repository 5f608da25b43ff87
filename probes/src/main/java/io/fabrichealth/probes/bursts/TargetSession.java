package io.fabrichealth.probes.bursts;

import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.config.BurstPhase;
import io.fabrichealth.config.BurstsConfig;
import io.fabrichealth.jni.NativeException;
import io.fabrichealth.jni.fabric.CompletionQueue.CompletionError;
import io.fabrichealth.jni.fabric.Flags;
import io.fabrichealth.jni.fabric.Status;
import io.fabrichealth.alarms.AlarmSink;
import java.nio.ByteBuffer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The target's side of one burst: grant a budget, offer slots, verify every payload written into them
 * (put) or fill them on request (get), and answer the initiator's goodbye. The target is fabtrun's counterpart: it
 * always runs at defaults (slots registered once, polling), whatever set the initiator runs. A burst that outlives its
 * granted time plus the stall timeout is cut off, so a vanished initiator cannot hold the target.
 */
final class TargetSession extends Link.Handler {
    private static final Logger LOG = Logger.getLogger(TargetSession.class.getName());
    /** How long the link must be quiet before the event queue is asked whether the initiator went away. */
    private static final long PEER_CHECK_NANOS = 10_000_000L;

    private final Link link;
    private final BurstsConfig config;
    private final BurstBudget budget;
    private final AlarmSink alarms;
    private final FireDrill drill;
    private SlotBuffers slots;
    private PayloadPattern pattern;
    private Wire.Test test;
    private String peer;
    private String burstId;
    /** The initiator's suite has sets after this one (HELLO text's third line). */
    private boolean more;
    private long verified;
    private long bad;
    private long bytes;
    /** Payloads (NOTEs or FILLs) seen; the abort drill ends the burst at {@link FireDrill#ABORT_AFTER_PAYLOADS}. */
    private long payloads;
    private boolean abort;
    private boolean done;
    private boolean helloSeen;
    private ByteBuffer hello;
    /** Since when no completion came (refreshed after each event-queue check); the clock is read only when idle. */
    private long quietSince = System.nanoTime();
    /** When a completion last came; RDM has no event queue, so silence is how it learns the initiator died. */
    private long heardAt = System.nanoTime();
    /**
     * A live initiator is never silent this long: even the cancel set's wait (the initiator's delay, from
     * its HELLO) and drain fit inside it.
     */
    private long silenceNanos;
    private boolean moved;
    private boolean ending;

    TargetSession(Link link, BurstsConfig config, BurstBudget budget, AlarmSink alarms, FireDrill drill) {
        this.link = link;
        this.config = config;
        this.budget = budget;
        this.alarms = alarms;
        this.drill = drill;
        this.silenceNanos = BurstPlan.STALL_TIMEOUT.multipliedBy(2).toNanos(); // until the HELLO names the delay
        link.handler(this);
    }

    /** Receive capacity of a target link: the initiator's window is capped so its NOTEs always fit. */
    static int window(BurstsConfig config) {
        return config.window();
    }

    /**
     * MSG: the HELLO comes over the accepted link. RDM: the listener already has it, passed in. A post the provider
     * refuses outright names the initiator; when the refusal means its connection is gone (fi_send: ENOENT once tcp
     * has dropped it, or a connection error), the session says the initiator went away, as a lost completion does.
     */
    void serve(ByteBuffer helloMessage, int helloAt) {
        try {
            serveSession(helloMessage, helloAt);
        } catch (NativeException e) {
            boolean gone = e.status() == Status.FI_ENOENT || Status.connectionLost(e.status());
            throw new BurstFailure("burst from " + (peer == null ? "an initiator" : peer)
                    + (gone ? " ended: the initiator went away (" + e.getMessage() + ")" : ": " + e.getMessage()), e);
        }
    }

    private void serveSession(ByteBuffer helloMessage, int helloAt) {
        long deadline = System.nanoTime() + Link.CONNECT_TIMEOUT.toNanos();
        if (helloMessage != null) {
            onMessage(helloMessage, helloAt);
        }
        while (!helloSeen) {
            pollUntil(deadline, "waiting for HELLO");
        }
        String[] why = new String[1];
        try (BurstBudget.Permit permit = budget.serve(peer, burstId, more, why)) {
            if (permit == null) {
                int i = link.acquireSend(deadline);
                long busy = why[0].startsWith(BurstBudget.BUSY) ? Wire.REFUSED_BUSY : Wire.REFUSED_BUDGET;
                Wire.write(link.messages(), Link.offset(i), Wire.REFUSED, 0, 0, busy, 0, 0, 0);
                Wire.text(link.messages(), Link.offset(i), why[0]);
                link.post(i);
                drainSends(deadline);
                return;
            }
            run();
        } finally {
            if (slots != null) {
                slots.close();
            }
        }
    }

    private void run() {
        ByteBuffer m = hello;
        int payloadBytes = (int) Wire.field(m, 0, 0);
        long grantedBytes = Math.min(Wire.field(m, 0, 1), config.maxBytes().bytes());
        long grantedMillis = Math.min(Wire.field(m, 0, 2), config.maxDuration().toMillis());
        int window = Math.max(1, Math.min(Wire.slot(m, 0), window(config)));
        pattern = new PayloadPattern(payloadBytes);
        long ownDelayMillis = config.cancelDelay() == null ? 0 : config.cancelDelay().toMillis();
        long cancelDelayMillis = Math.max(ownDelayMillis, Math.max(0, Wire.seq(m, 0)));
        silenceNanos = BurstPlan.STALL_TIMEOUT.multipliedBy(2).plusMillis(cancelDelayMillis).toNanos();
        abort = drill.takeAbort();
        slots = new SlotBuffers(link.domain(), link.endpoint(), window, 1, payloadBytes, false,
                Flags.FI_REMOTE_WRITE | Flags.FI_REMOTE_READ);
        long deadline = System.nanoTime() + (grantedMillis + BurstPlan.STALL_TIMEOUT.toMillis() * 2) * 1_000_000L;
        int i = link.acquireSend(deadline);
        Wire.write(link.messages(), Link.offset(i), Wire.WELCOME, 0, 0, grantedBytes, grantedMillis, window, 0);
        if (link.info().rdm()) {
            Wire.address(link.messages(), Link.offset(i), link.name());
        }
        link.post(i);
        if (test.phase() == BurstPhase.PUT) {
            for (int s = 0; s < window; s++) {
                credit(s, -1, null, deadline);
            }
        }
        String serving = "serving a " + test.phase().text() + " " + test.set() + " burst";
        while (!done) {
            pollUntil(deadline, serving);
        }
        drainSends(System.nanoTime() + BurstPlan.STALL_TIMEOUT.toNanos());
    }

    private void credit(int s, long seq, Mismatch mismatch, long deadline) {
        int i = link.acquireSend(deadline);
        ByteBuffer m = link.messages();
        Wire.write(m, Link.offset(i), Wire.CREDIT, s, seq, slots.region(s).remoteAddress(0), slots.region(s).key(),
                mismatch == null ? 0 : 1, 0);
        if (mismatch != null) {
            Wire.text(m, Link.offset(i), "offset " + mismatch.firstBadOffset() + ", " + mismatch.badBytes()
                    + " bad byte(s)");
        }
        link.post(i);
    }

    private void pollUntil(long deadline, String doing) {
        if (link.poll() > 0) {
            moved = true;
            return;
        }
        if (!link.clockDue()) {
            link.idle();
            return;
        }
        long now = System.nanoTime();
        if (moved) {
            quietSince = now;
            heardAt = now;
            moved = false;
        }
        if (now > deadline) {
            throw new BurstFailure("burst from " + peer + " cut off while " + doing + ": past its time budget");
        }
        if (now - heardAt > silenceNanos) {
            throw new BurstFailure("burst from " + peer + " ended while " + doing + ": the initiator went silent for "
                    + silenceNanos / 1_000_000 + " ms (it died or lost its connection)");
        }
        // Only a quiet link can have lost its peer. Reading the event queue on every empty poll would cost a
        // syscall and a second provider progress pass (tcp's fi_eq_read progresses every domain of the queue).
        if (now - quietSince > PEER_CHECK_NANOS) {
            String gone = link.peerGone();
            if (gone != null) {
                throw new BurstFailure("burst from " + peer + " ended while " + doing + ": the initiator went away ("
                        + gone + ")");
            }
            quietSince = now;
        }
        link.idle();
    }

    /** Lets the last replies leave before the link closes. */
    private void drainSends(long deadline) {
        while (System.nanoTime() < deadline && link.poll() > 0) {
            // keep reading until quiet
        }
        long quiet = System.nanoTime() + 20_000_000L;
        while (System.nanoTime() < Math.min(quiet, deadline)) {
            link.poll();
            Thread.onSpinWait();
        }
    }

    @Override
    String peerName() {
        return peer == null ? "an initiator" : "initiator " + peer;
    }

    /** A damaged control message is a Corruption; the session ends, and the initiator's set fails with it. */
    @Override
    void onDamaged(WireException damaged) {
        if (ending) {
            return;
        }
        if (damaged.corruption()) {
            alarms.raise(AlarmKind.Corruption, peer == null ? "unknown initiator" : peer, damaged.details());
            LOG.log(Level.WARNING, "Corruption: {0}", damaged.details());
            ended("a control message from the initiator arrived damaged (" + damaged.problem().text() + ")");
        }
        throw damaged;
    }

    /**
     * Best effort: tells the initiator why the session ends now, so its set fails at once and says why, then
     * keeps the link progressing until the initiator has stopped. Closing at once would leave the initiator's
     * writes in flight to an endpoint that is gone, and closing its endpoint in that state is where libfabric
     * 1.17's rxm crashes (rxm_handle_comp_error dereferences the NULL context of a cancelled internal transfer).
     */
    private void ended(String why) {
        if (ending) {
            return; // a second damaged message while the first ENDED drains
        }
        ending = true;
        try {
            int i = link.acquireSend(System.nanoTime() + 100_000_000L);
            Wire.write(link.messages(), Link.offset(i), Wire.ENDED, 0, 0, 0, 0, 0, 0);
            Wire.text(link.messages(), Link.offset(i), why);
            link.post(i);
            linger();
        } catch (RuntimeException e) {
            // the initiator learns it from the lost connection or the stall timeout instead
        }
    }

    /** Drives progress, dropping what arrives, until the link has been quiet for a while (at most 2 s). */
    private void linger() {
        long now = System.nanoTime();
        long end = now + 2_000_000_000L;
        long heard = now;
        while (now < end && now - heard < 200_000_000L) {
            if (link.poll() > 0) {
                heard = System.nanoTime();
            } else {
                link.idle();
            }
            now = System.nanoTime();
        }
    }

    @Override
    void onMessage(ByteBuffer m, int at) {
        if (ending) {
            return; // the session is over; what the initiator still sends is only drained
        }
        int type = Wire.type(m, at);
        switch (type) {
            case Wire.HELLO:
                hello = ByteBuffer.allocate(Wire.SIZE).order(java.nio.ByteOrder.LITTLE_ENDIAN);
                hello.put(0, m, at, Wire.SIZE);
                String[] who = Wire.text(m, at).split("\n", 3);
                peer = who[0];
                burstId = who.length > 1 ? who[1] : who[0];
                more = who.length > 2 && who[2].equals(Wire.MORE);
                test = Wire.test(Wire.field(m, at, 3));
                if (test == null) {
                    throw new BurstFailure("initiator " + peer + " asked for test 0x" + Long.toHexString(Wire.field(m, at, 3))
                            + ", which names no phase and parameter set this agent knows: are both agents the same version?");
                }
                helloSeen = true;
                break;
            case Wire.NOTE:
                abortIfArmed();
                verify(Wire.slot(m, at), Wire.seq(m, at));
                break;
            case Wire.FILL:
                abortIfArmed();
                fill(Wire.slot(m, at), Wire.seq(m, at));
                break;
            case Wire.BYE:
                link.send(Wire.BYE_ACK, 0, 0, verified, bad, bytes, 0, System.nanoTime() + BurstPlan.STALL_TIMEOUT.toNanos());
                done = true;
                break;
            default:
                throw new BurstFailure("unexpected " + Wire.name(type) + " from " + peer);
        }
    }

    /** After the goodbye the initiator closes its side: what fails then (cancelled receives) is expected. */
    @Override
    void onError(Link.Op op, int index, CompletionError error) {
        if (!done) {
            String lost = Status.connectionLost(error.status())
                    ? ": the initiator went away (connection lost)" : "";
            throw new BurstFailure("burst from " + peer + lost + ": " + op.text(index) + " failed: "
                    + Link.describe(error));
        }
    }

    /** The abort drill: leave mid-burst exactly as a crashing target would, with no goodbye. */
    private void abortIfArmed() {
        if (abort && ++payloads > FireDrill.ABORT_AFTER_PAYLOADS) {
            throw new BurstFailure("fire drill: aborted the burst from " + peer + " after " + FireDrill.ABORT_AFTER_PAYLOADS
                    + " payloads, as armed by abortNextBursts");
        }
    }

    @Override
    void onRma(int slot) {
        // the target posts no RMA of its own
    }

    private void checkSlot(int s) {
        if (slots == null || s < 0 || s >= slotCount()) {
            throw new BurstFailure("initiator " + peer + " named slot " + s + ", which does not exist");
        }
    }

    private int slotCount() {
        return Math.max(1, Math.min(Wire.slot(hello, 0), window(config)));
    }

    private void verify(int s, long seq) {
        checkSlot(s);
        drill.apply(slots.buffer(s), FireDrill.offset(pattern.length()));
        Mismatch mismatch = slots.verify(pattern, s, seq);
        verified++;
        if (mismatch != null) {
            bad++;
            String details = mismatch.describe(peer, test.phase().text() + " " + test.set(), burstId);
            alarms.raise(AlarmKind.Corruption, peer, details);
            LOG.log(Level.WARNING, "Corruption: {0}", details);
        } else {
            bytes += pattern.length();
        }
        credit(s, seq, mismatch, System.nanoTime() + BurstPlan.STALL_TIMEOUT.toNanos());
    }

    private void fill(int s, long seq) {
        checkSlot(s);
        slots.fill(pattern, s, seq);
        drill.apply(slots.buffer(s), FireDrill.offset(pattern.length()));
        link.send(Wire.FILLED, s, seq, slots.region(s).remoteAddress(0), slots.region(s).key(), 0, 0,
                System.nanoTime() + BurstPlan.STALL_TIMEOUT.toNanos());
    }
}
