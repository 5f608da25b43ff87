package io.fabrichealth.probes.smp.engine;

import java.util.ArrayDeque;
import org.HdrHistogram.IntCountsHistogram;

/** One destination's queue, its in-flight and sent counts and its RTT histogram (microseconds, 2 significant digits). */
final class Destination {
    final String name;
    final ArrayDeque<Exchange> queue = new ArrayDeque<>();
    final IntCountsHistogram rtt = new IntCountsHistogram(2); // auto-resizing: small while RTTs are small
    int inFlight;
    /** Attempts sent to it, retries included, since the engine was made. */
    long sent;
    boolean inReadyList;

    Destination(String name) {
        this.name = name;
    }
}
