package io.fabrichealth.probes.bursts;

import java.util.HashSet;
import java.util.Set;

/**
 * The agent-wide burst budget: at most {@code maxConcurrent} bursts at once (as initiator or target)
 * and one burst per peer at a time. A burst this agent aims at itself holds one permit, not two: the
 * target recognises the initiator's burst id as its own.
 */
public final class BurstBudget {
    private final int maxConcurrent;
    private final Set<String> busyPeers = new HashSet<>();
    private final Set<String> ownBursts = new HashSet<>();
    private int running;

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

    /** Target side, for a burst from {@code peer}; a burst of this agent's own shares its permit. */
    public synchronized Permit serve(String peer, String burstId, String[] why) {
        if (ownBursts.contains(burstId)) {
            return () -> { };
        }
        String key = "from " + peer;
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
        return () -> release(key, null, false);
    }

    private synchronized void release(String peer, String burstId, boolean own) {
        running--;
        busyPeers.remove(peer);
        if (own) {
            ownBursts.remove(burstId);
        }
    }

    public synchronized int running() {
        return running;
    }
}
