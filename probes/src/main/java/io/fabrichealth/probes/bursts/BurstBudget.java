package io.fabrichealth.probes.bursts;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;

/**
 * The agent-wide burst budget: at most {@code maxConcurrent} bursts at once (as initiator or target)
 * and one burst per peer at a time. A burst this agent aims at itself holds one permit, not two: the
 * target recognises the initiator's burst id as its own.
 *
 * <p>The target serves one initiator at a time: while one initiator's suite runs (its bursts, and the gap
 * before its next set, at most {@link #HOLD}) every other initiator is refused with {@link #BUSY}, so bursts
 * from a fleet never pile up on one host. The refused initiator retries in its next slot.
 */
public final class BurstBudget {
    /** Starts the reason of a refusal because another initiator holds the target; the initiator reads it. */
    static final String BUSY = "busy with another initiator";
    /**
     * How long the target stays held for an initiator between two sets of its suite: as long as the cacheless
     * set's helper JVM may take to start. An initiator that dies mid-suite frees the target after this.
     */
    static final Duration HOLD = Duration.ofSeconds(20);
    /**
     * How long a burst from a peer waits for that peer's previous burst to let go of its permit: the initiator
     * starts its next set as soon as it has the goodbye, while the target's side still drains its last sends.
     */
    static final Duration WIND_DOWN = Duration.ofSeconds(2);

    private final int maxConcurrent;
    private final Set<String> busyPeers = new HashSet<>();
    private final Set<String> ownBursts = new HashSet<>();
    private int running;
    /** The initiator this target serves or holds for (the agent part of its burst ids), or null. */
    private String holder;
    private String holderPeer;
    private int holderBursts;
    private long heldUntil;
    private long served;

    public BurstBudget(int maxConcurrent) {
        this.maxConcurrent = maxConcurrent;
    }

    /** A permit, closed when the burst ends. */
    public interface Permit extends AutoCloseable {
        @Override
        void close();
    }

    /** Initiator side; null with {@code why[0]} set when the budget refuses. */
    public synchronized Permit initiate(String peer, String burstId, String[] why) {
        if (busyPeers.contains(peer)) {
            why[0] = "a burst to " + peer + " is already running (one burst per peer at a time)";
            return null;
        }
        if (running >= maxConcurrent) {
            why[0] = running + " burst(s) already running on this agent (bursts.maxConcurrent = " + maxConcurrent + ")";
            return null;
        }
        running++;
        busyPeers.add(peer);
        ownBursts.add(burstId);
        return () -> release(peer, burstId, true);
    }

    /** Target side, for the last (or only) set of a suite. */
    public Permit serve(String peer, String burstId, String[] why) {
        return serve(peer, burstId, false, why);
    }

    /**
     * Target side, for a burst from {@code peer}; a burst of this agent's own shares its permit.
     *
     * @param more the initiator's suite has more sets after this one: the target stays held for it
     */
    public synchronized Permit serve(String peer, String burstId, boolean more, String[] why) {
        if (ownBursts.contains(burstId)) {
            return () -> { };
        }
        String key = "from " + peer;
        windDown(key);
        String initiator = initiatorOf(burstId);
        if (holder != null && !holder.equals(initiator) && (holderBursts > 0 || System.nanoTime() - heldUntil < 0)) {
            why[0] = BUSY + " (" + holderPeer + "); a target serves one initiator at a time";
            return null;
        }
        if (busyPeers.contains(key)) {
            why[0] = "a burst from " + peer + " is already running (one burst per peer at a time)";
            return null;
        }
        if (running >= maxConcurrent) {
            why[0] = running + " burst(s) already running on the target (bursts.maxConcurrent = " + maxConcurrent + ")";
            return null;
        }
        running++;
        busyPeers.add(key);
        holder = initiator;
        holderPeer = peer;
        holderBursts++;
        served++;
        return () -> ended(key, more);
    }

    /** Waits (at most {@link #WIND_DOWN}) for the previous burst from the same peer to release its permit. */
    private void windDown(String key) {
        long end = System.nanoTime() + WIND_DOWN.toNanos();
        try {
            for (long left = WIND_DOWN.toNanos(); busyPeers.contains(key) && left > 0; left = end - System.nanoTime()) {
                wait(Math.max(1, left / 1_000_000));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The agent part of a burst id ({@code agentId:n}): every burst of one initiator shares it. */
    static String initiatorOf(String burstId) {
        int colon = burstId.lastIndexOf(':');
        return colon > 0 ? burstId.substring(0, colon) : burstId;
    }

    private synchronized void ended(String key, boolean more) {
        release(key, null, false);
        if (--holderBursts == 0) {
            if (more) {
                heldUntil = System.nanoTime() + HOLD.toNanos();
            } else {
                holder = null;
                holderPeer = null;
            }
        }
    }

    private synchronized void release(String peer, String burstId, boolean own) {
        running--;
        busyPeers.remove(peer);
        if (own) {
            ownBursts.remove(burstId);
        }
        notifyAll();
    }

    public synchronized int running() {
        return running;
    }

    /** Bursts from other agents this target has served since it started (refusals not counted). */
    public synchronized long served() {
        return served;
    }
}
