package io.fabrichealth.probes.smp.engine;

import io.fabrichealth.probes.mad.MadAttribute;
import io.fabrichealth.probes.mad.MadHeader;

/** How one request ended: an answer, or a failure after the engine's retries. */
public sealed interface MadOutcome {

    /** @param rttNanos from the send of the attempt that was answered to its answer */
    record Answer(MadHeader header, MadAttribute attribute, long rttNanos) implements MadOutcome {
    }

    /** @param attempts how many times the request went out */
    record Failed(Failure failure, String message, int attempts) implements MadOutcome {
    }

    enum Failure {
        /** Every attempt expired unanswered or came back dropped (umad status 110). */
        TIMEOUT,
        /** The destination answered with a non-zero MAD status (e.g. a port number past NumPorts). */
        STATUS,
        /** The answer could not be decoded. */
        DECODE,
        /** Nothing could be sent: the transport owes too many answers already (a stalled fabric). */
        SATURATED
    }

    default boolean answered() {
        return this instanceof Answer;
    }
}
