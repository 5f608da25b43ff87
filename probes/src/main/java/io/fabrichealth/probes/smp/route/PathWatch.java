package io.fabrichealth.probes.smp.route;

import io.fabrichealth.config.HostPort;

/**
 * Brackets a data-path run with its path through the fabric: before the run the route to the peer is traced and its
 * ports' swept error counters noted; after it they are compared again, from the sweeps after a clean run and from a
 * read at once after a run that went wrong. Never fails a run: whatever cannot be known is said in the evidence.
 */
@FunctionalInterface
public interface PathWatch {
    /** Where no SMP sweep runs: no path, and the evidence says why. */
    PathWatch NONE = peer -> Bracket.of(PathEvidence.unknown("this agent runs no SMP sweep (no libibumad, or no "
            + "InfiniBand port), so a run's path through the fabric is not known"));

    /** @param peer the peer's burst target or ping-pong responder */
    Bracket before(HostPort peer);

    /** One run's bracket: {@link #after} once the run ended. */
    @FunctionalInterface
    interface Bracket {
        /**
         * @param failed the run failed or found a corruption: the path's counters are read now (a PMA Get per cable
         *               end) so its alarm can name the cable at once; a clean run costs no MAD
         */
        PathEvidence after(boolean failed);

        static Bracket of(PathEvidence known) {
            return failed -> known;
        }
    }
}
