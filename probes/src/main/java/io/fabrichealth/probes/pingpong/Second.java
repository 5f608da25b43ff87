package io.fabrichealth.probes.pingpong;

import java.util.ArrayList;
import java.util.List;

/**
 * What the active tasks did in one second of a run: rds-stress's per-second line, as counts, so lines add up and
 * the average is computed from the same numbers.
 *
 * @param tasks         tasks that ran during this second
 * @param tx            requests sent (rds-stress's tx)
 * @param rx            acks received with a sound header (rds-stress's rx)
 * @param txRxBytes     request and ack bytes through send and receive
 * @param sendCalls     send calls, refused ones included, and {@code sendNanos} spent in them
 * @param rttNanos      the sum of the round trips completed in this second, over {@code rtts} of them
 */
public record Second(int tasks, long tx, long rx, long txRxBytes, long sendCalls, long sendNanos, long rttNanos,
        long rtts) {

    /** Fields of a cumulative mark, in the order {@link Marks} keeps them. */
    private static final int FIELDS = 7;

    /** rds-stress's tx us/c: average microseconds in one send call; 0 when nothing was sent. */
    public double txMicrosPerCall() {
        return sendCalls == 0 ? 0 : sendNanos / 1e3 / sendCalls;
    }

    /** rds-stress's rtt us: the average round trip, in microseconds; 0 when nothing completed. */
    public double rttMicros() {
        return rtts == 0 ? 0 : rttNanos / 1e3 / rtts;
    }

    /**
     * One task's cumulative counts at each whole second since it started. The task writes, and only after it has
     * ended does anyone read, so the marks need no locking and cost one clock comparison per loop turn.
     */
    static final class Marks {
        private long[] marks = new long[FIELDS * 16];
        private int count;

        void mark(TaskStats s) {
            if ((count + 1) * FIELDS > marks.length) {
                marks = java.util.Arrays.copyOf(marks, marks.length * 2);
            }
            int at = count * FIELDS;
            marks[at] = s.sent;
            marks[at + 1] = s.acked + s.late;
            marks[at + 2] = s.txBytes + s.rxBytes;
            marks[at + 3] = s.sendCalls;
            marks[at + 4] = s.sendNanos;
            marks[at + 5] = s.rttNanos;
            marks[at + 6] = s.rtt.getTotalCount();
            count++;
        }

        int count() {
            return count;
        }

        /** The counts between mark {@code i - 1} (or the start) and mark {@code i}. */
        Second second(int i) {
            int at = i * FIELDS;
            long[] d = new long[FIELDS];
            for (int f = 0; f < FIELDS; f++) {
                d[f] = marks[at + f] - (i == 0 ? 0 : marks[at - FIELDS + f]);
            }
            return new Second(1, d[0], d[1], d[2], d[3], d[4], d[5], d[6]);
        }
    }

    Second plus(Second o) {
        return new Second(tasks + o.tasks, tx + o.tx, rx + o.rx, txRxBytes + o.txRxBytes, sendCalls + o.sendCalls,
                sendNanos + o.sendNanos, rttNanos + o.rttNanos, rtts + o.rtts);
    }

    /** Second by second over every task: the tasks of one run start together, so their i-th seconds line up. */
    static List<Second> merge(List<Marks> tasks) {
        List<Second> seconds = new ArrayList<>();
        for (Marks m : tasks) {
            for (int i = 0; i < m.count(); i++) {
                Second s = m.second(i);
                if (i < seconds.size()) {
                    seconds.set(i, seconds.get(i).plus(s));
                } else {
                    seconds.add(s);
                }
            }
        }
        return List.copyOf(seconds);
    }
}
