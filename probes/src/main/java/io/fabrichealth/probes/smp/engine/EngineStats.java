package io.fabrichealth.probes.smp.engine;

import java.util.Map;

/**
 * The engine's counters since it was created, and its RTT histograms.
 *
 * @param sent attempts put on the wire, retries included
 * @param received answers that matched a live attempt
 * @param timeouts attempts that expired or came back dropped (umad status 110)
 * @param retries attempts after the first
 * @param late answers to an attempt the engine had already given up on
 * @param unmatched MADs that answered nothing we sent (unknown TID, wrong attribute, garbage)
 * @param failed requests that ended without an answer
 * @param maxInFlightLocal the most attempts outstanding at once on the port
 * @param maxInFlightPerDestination the most attempts outstanding at once to any one destination
 * @param rtt all answered MADs
 * @param rttByDestination per destination (the names the sweep gives: {@code 0x<node GUID>} or a route)
 */
public record EngineStats(long sent, long received, long timeouts, long retries, long late, long unmatched,
        long failed, int maxInFlightLocal, int maxInFlightPerDestination, RttSummary rtt,
        Map<String, RttSummary> rttByDestination) {
}
