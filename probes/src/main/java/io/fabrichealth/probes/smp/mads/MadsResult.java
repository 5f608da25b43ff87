package io.fabrichealth.probes.smp.mads;

import io.fabrichealth.probes.smp.engine.EngineSettings;
import io.fabrichealth.probes.smp.engine.RttSummary;
import java.time.Instant;
import java.util.List;

/**
 * What one measurement saw: a row per destination and queue depth, in the order the operator named them.
 *
 * @param secondsPerDepth how long each depth was measured for
 * @param settings the engine's limits the measurement ran under (the sweep's)
 * @param maxInFlightPerDestination the engine's own maximum since the agent started, sweeps included
 * @param maxInFlightLocal the same on the local port
 * @param sweepsDuring scheduled sweeps that ran while it was under way (it gave way to each)
 * @param pausedMillis how long it paused for them, not counted in any MAD/s
 * @param notes what the operator should know: caps that applied
 */
public record MadsResult(Instant at, MadsAttribute attribute, int secondsPerDepth, EngineSettings settings,
        List<Row> rows, int maxInFlightPerDestination, int maxInFlightLocal, long sweepsDuring, long pausedMillis,
        List<String> notes) {

    /**
     * One destination at one queue depth.
     *
     * @param depth the depth asked for (1 or 2)
     * @param inFlight the depth it ran at: lower when smp.perDestination is lower
     * @param sent attempts put on the wire, the engine's retries included
     * @param answered answers (GetResp with status 0)
     * @param timeouts attempts that went unanswered within the engine's deadline or came back dropped
     * @param errors answers with a MAD status, or that did not decode; the destination is not sent more
     * @param measuredNanos time spent measuring, without the pauses in which a sweep had the engine
     * @param rtt of the answered ones, in microseconds
     * @param problem the last error, empty when none
     */
    public record Row(MadsTarget target, int depth, int inFlight, long sent, long answered, long timeouts, long errors,
            long measuredNanos, RttSummary rtt, String problem) {

        /** Answers per second of measuring, smp_mad_stress's MAD/s. */
        public double madsPerSecond() {
            return measuredNanos <= 0 ? 0 : answered * 1e9 / measuredNanos;
        }
    }
}
