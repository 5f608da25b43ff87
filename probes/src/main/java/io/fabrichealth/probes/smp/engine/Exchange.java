package io.fabrichealth.probes.smp.engine;

import io.fabrichealth.jni.MadAddress;
import io.fabrichealth.probes.mad.MadRequest;
import java.util.function.Consumer;

/** One request and its attempts: each attempt gets a fresh TID, so an answer to an old one reads as late. */
final class Exchange {
    final MadRequest request;
    final MadAddress address;
    final Destination destination;
    final Consumer<MadOutcome> onDone;
    int attempts;
    /** Low 32 bits of the TID of the attempt in flight. */
    int tid;
    long sentAt;
    long deadline;
    boolean inFlight;

    Exchange(MadRequest request, Destination destination, Consumer<MadOutcome> onDone) {
        this.request = request;
        this.address = destination.address(request);
        this.destination = destination;
        this.onDone = onDone;
    }
}
