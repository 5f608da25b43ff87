package io.fabrichealth.probes.smp.engine;

import io.fabrichealth.jni.MadAddress;
import io.fabrichealth.probes.mad.MadRequest;
import java.util.ArrayDeque;
import org.HdrHistogram.IntCountsHistogram;

/**
 * One destination's queue, its in-flight and sent counts and its RTT histogram in microseconds. The histogram keeps
 * one significant digit (exact to 31 us, within 1/16 above): a 10,000-port fabric has over 4,000 destinations, and
 * two digits held about 18 MB of counts between them.
 */
final class Destination {
    final String name;
    final ArrayDeque<Exchange> queue = new ArrayDeque<>();
    final IntCountsHistogram rtt = new IntCountsHistogram(1); // auto-resizing: small while RTTs are small
    int inFlight;
    /** Attempts sent to it, retries included, since the engine was made. */
    long sent;
    boolean inReadyList;
    /** The umad address of the last request queued here: a destination's requests nearly always share one. */
    private MadAddress address;

    Destination(String name) {
        this.name = name;
    }

    MadAddress address(MadRequest request) {
        MadAddress a = address;
        if (a == null || a.lid() != request.destinationLid() || a.qpn() != request.remoteQueuePair()
                || a.qkey() != request.remoteQKey()) {
            a = new MadAddress(request.destinationLid(), request.remoteQueuePair(), request.remoteQKey(), 0, 0);
            address = a;
        }
        return a;
    }
}
