package io.fabrichealth.mbeans.smp;

import io.fabrichealth.mbeans.Composites;
import io.fabrichealth.probes.mad.PortState;
import io.fabrichealth.probes.smp.PortSnapshot;
import io.fabrichealth.probes.smp.health.IbaCounter;
import io.fabrichealth.probes.smp.health.Verdict;
import java.time.Instant;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.SimpleType;

/**
 * A port's last {@value #SWEEPS} sweeps in a bounded ring, oldest first: what the map's chart draws. One row per
 * sweep, however often the view is refreshed in between (a fleet refresh re-publishes the same sweep).
 *
 * <p>Every port of a 10,000-port fabric keeps one, so rows are packed as variable-length integers in one byte array
 * (time since the row before, verdict, PortState, then the four deltas zigzag-coded, so -1 "not read" is one byte),
 * and become CompositeData only when History is read. An idle port's row is about 10 bytes: fixed-width columns took
 * 34 bytes a row, 21 MB at 10,000 ports; CompositeData per row (a TreeMap of seven items) would hold about 250 MiB.
 */
final class PortHistory {
    static final int SWEEPS = 60;
    private static final Verdict[] VERDICTS = Verdict.values();
    static final Composites ROW = new Composites("PortHistory",
            "one sweep of a port: when, its verdict and state, and how far its counters moved since the sweep before"
                    + " (-1 = not read)",
            "sweptAt", SimpleType.STRING, "health", SimpleType.STRING, "portState", SimpleType.STRING,
            "errorDelta", SimpleType.LONG, "xmitDataWordsDelta", SimpleType.LONG,
            "rcvDataWordsDelta", SimpleType.LONG, "xmitWaitDelta", SimpleType.LONG);

    /** Rows from {@code start} to {@code end}; each begins with its time in nanoseconds after the row before. */
    private byte[] rows = new byte[64];
    private int start;
    private int end;
    private int size;
    /** Epoch nanoseconds of the oldest row (whose own time delta is not used) and of the newest. */
    private long firstAt;
    private long lastAt;

    /** Adds the snapshot's sweep, once. */
    synchronized void record(PortSnapshot s) {
        if (s.lastSweep() == null) {
            return;
        }
        long at = s.lastSweep().getEpochSecond() * 1_000_000_000L + s.lastSweep().getNano();
        if (size > 0 && at == lastAt) {
            return;
        }
        if (size == SWEEPS) {
            dropOldest();
        }
        if (size == 0) {
            firstAt = at;
        }
        room(5 * 10 + 2);
        end = putVarLong(rows, end, zigzag(size == 0 ? 0 : at - lastAt));
        rows[end++] = (byte) s.health().ordinal();
        rows[end++] = (byte) s.portState();
        end = putVarLong(rows, end, zigzag(errors(s)));
        end = putVarLong(rows, end, zigzag(s.deltas().getOrDefault(IbaCounter.PORT_XMIT_DATA, -1L)));
        end = putVarLong(rows, end, zigzag(s.deltas().getOrDefault(IbaCounter.PORT_RCV_DATA, -1L)));
        end = putVarLong(rows, end, zigzag(s.deltas().getOrDefault(IbaCounter.PORT_XMIT_WAIT, -1L)));
        lastAt = at;
        size++;
    }

    synchronized CompositeData[] rows() {
        CompositeData[] out = new CompositeData[size];
        long[] field = new long[1];
        int at = start;
        long when = firstAt;
        for (int i = 0; i < size; i++) {
            at = getVarLong(rows, at, field);
            if (i > 0) {
                when += unzigzag(field[0]);
            }
            Verdict health = VERDICTS[rows[at++]];
            int portState = rows[at++];
            long[] deltas = new long[4];
            for (int d = 0; d < deltas.length; d++) {
                at = getVarLong(rows, at, field);
                deltas[d] = unzigzag(field[0]);
            }
            out[i] = ROW.of(SmpText.time(Instant.ofEpochSecond(0, when)), health.name(),
                    Port.field(portState, PortState::display), deltas[0], deltas[1], deltas[2], deltas[3]);
        }
        return out;
    }

    private void dropOldest() {
        long[] field = new long[1];
        int at = getVarLong(rows, start, field) + 2; // the oldest row's delta, verdict and state
        for (int d = 0; d < 4; d++) {
            at = getVarLong(rows, at, field);
        }
        start = at;
        size--;
        if (size > 0) {
            getVarLong(rows, start, field);
            firstAt += unzigzag(field[0]);
        }
    }

    /**
     * Makes room for {@code bytes} more at the end: moves the rows to the front when they fit, else grows the array
     * by a quarter. Moving a full ring is a few hundred bytes once per sweep; slack would cost every port memory.
     */
    private void room(int bytes) {
        if (end + bytes <= rows.length) {
            return;
        }
        int live = end - start;
        byte[] to = live + bytes <= rows.length ? rows : new byte[live + bytes + live / 4];
        System.arraycopy(rows, start, to, 0, live);
        rows = to;
        start = 0;
        end = live;
    }

    private static long zigzag(long v) {
        return (v << 1) ^ (v >> 63);
    }

    private static long unzigzag(long v) {
        return (v >>> 1) ^ -(v & 1);
    }

    private static int putVarLong(byte[] to, int at, long v) {
        while ((v & ~0x7FL) != 0) {
            to[at++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        to[at++] = (byte) v;
        return at;
    }

    private static int getVarLong(byte[] from, int at, long[] value) {
        long v = 0;
        for (int shift = 0;; shift += 7) {
            byte b = from[at++];
            v |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                value[0] = v;
                return at;
            }
        }
    }

    /** The sum of the error counters' deltas; -1 when the sweep read no counter. */
    private static long errors(PortSnapshot s) {
        long sum = -1;
        for (IbaCounter c : IbaCounter.values()) {
            Long d = s.deltas().get(c);
            if (c.kind() == IbaCounter.Kind.ERROR && d != null && d >= 0) {
                sum = Math.max(sum, 0) + d;
            }
        }
        return sum;
    }
}
