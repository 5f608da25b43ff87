package io.fabrichealth.probes.pingpong;

import org.HdrHistogram.Histogram;

/** What one task thread counted; plain fields, read only after the thread ended. */
final class TaskStats {
    /** RTTs in nanoseconds, 1 ns to 60 s at 3 significant digits. */
    final Histogram rtt = new Histogram(1, 60_000_000_000L, 3);
    final long[] malformed = new long[HeaderProblem.values().length];
    /** Messages with a sound header, before payload validation. */
    long received;
    long sent;
    long acked;
    long lost;
    long late;
    long congestion;
    long corrupt;
    long txBytes;
    long rxBytes;
    long sendCalls;
    long sendNanos;
    /** The sum of the recorded RTTs, for rds-stress's average rtt (the histogram keeps percentiles). */
    long rttNanos;
    long verifiedBytes;

    void malformed(HeaderProblem problem) {
        malformed[problem.ordinal()]++;
    }

    long malformedTotal() {
        long n = 0;
        for (long m : malformed) {
            n += m;
        }
        return n;
    }

    void add(TaskStats o) {
        rtt.add(o.rtt);
        for (int i = 0; i < malformed.length; i++) {
            malformed[i] += o.malformed[i];
        }
        received += o.received;
        sent += o.sent;
        acked += o.acked;
        lost += o.lost;
        late += o.late;
        congestion += o.congestion;
        corrupt += o.corrupt;
        txBytes += o.txBytes;
        rxBytes += o.rxBytes;
        sendCalls += o.sendCalls;
        sendNanos += o.sendNanos;
        rttNanos += o.rttNanos;
        verifiedBytes += o.verifiedBytes;
    }
}
