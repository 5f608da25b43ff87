package io.fabrichealth.probes.smp.route;

import io.fabrichealth.config.HostPort;

/**
 * Brackets a data-path run with its path through the fabric: before the run the route to the peer is traced and its
 * ports' error counters read, after it they are read again. Never fails a run: whatever cannot be known is said in
 * the evidence.
 */
@FunctionalInterface
public interface PathWatch {
    /** Where no SMP sweep runs: no path, and the evidence says why. */
    PathWatch NONE = peer -> Bracket.of(PathEvidence.unknown("this agent runs no SMP sweep (no libibumad, or no "
            + "InfiniBand port), so a run's path through the fabric is not known"));

    /** @param peer the peer's burst target or ping-pong responder */
    Bracket before(HostPort peer);

    /** One run's bracket: {@link #after()} once the run ended. */
    @FunctionalInterface
    interface Bracket {
        PathEvidence after();

        static Bracket of(PathEvidence known) {
            return () -> known;
        }
    }
}
