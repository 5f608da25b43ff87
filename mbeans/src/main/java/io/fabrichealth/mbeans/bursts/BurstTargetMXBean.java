package io.fabrichealth.mbeans.bursts;

/** This agent's burst target, {@code fabric.health:type=BurstTarget}, with its fire-drill hook. */
public interface BurstTargetMXBean {
    String OBJECT_NAME = "fabric.health:type=BurstTarget";

    /** bursts.listen, host:port. */
    String getListen();

    /** Payloads still to be corrupted by an armed drill. */
    int getPendingCorruptions();

    /** Payloads the drill has corrupted since start. */
    long getCorruptedPayloads();

    /**
     * Fire drill: flips one byte (at the middle of the payload) of each of the next {@code n} payloads
     * this target receives or serves, before verification, so the Corruption alarm path can be proven.
     */
    String corruptNextPayloads(int n);

    /** Bursts still to be aborted by an armed drill. */
    int getPendingAborts();

    /** Bursts the drill has aborted since start. */
    long getAbortedBursts();

    /**
     * Fire drill: this target leaves each of the next {@code n} bursts it serves after two payloads, with
     * no goodbye, as a crashing peer would; the initiator's set fails with a reason naming this target.
     */
    String abortNextBursts(int n);
}
