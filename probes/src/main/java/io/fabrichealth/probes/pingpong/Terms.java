package io.fabrichealth.probes.pingpong;

import io.fabrichealth.config.Transport;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.time.Duration;

/**
 * The options the active side proposes and the passive side accepts (rds-stress's negotiation): sizes are whole
 * messages, header included, as rds-stress's -q and -a.
 *
 * @param session  random per run; stands for the peer in every header and payload pattern
 * @param identity how the active agent names itself (its pingpong.listen), for the responder's alarms
 * @param count requests per task in one run (rping's -C), 0 for as many as the duration allows; the run ends at
 *              whichever comes first, so a scheduled probe costs a bounded, small amount of fabric and CPU
 * @param reregister verbs: register the data buffers anew on every iteration instead of once
 */
public record Terms(Transport transport, int session, String identity, int requestBytes, int ackBytes, int depth,
        int tasks, Duration duration, long count, boolean reregister) {

    /** Memory registered once, no request count: the run lasts the whole duration (rds-stress's -T). */
    public Terms(Transport transport, int session, String identity, int requestBytes, int ackBytes, int depth,
            int tasks, Duration duration) {
        this(transport, session, identity, requestBytes, ackBytes, depth, tasks, duration, 0, false);
    }

    /** The same terms with memory re-registered every iteration (verbs: krping's fastreg counterpart). */
    public Terms reregistering() {
        return new Terms(transport, session, identity, requestBytes, ackBytes, depth, tasks, duration, count, true);
    }

    /** The same terms, stopping after {@code n} requests per task (0: no limit). */
    public Terms counting(long n) {
        return new Terms(transport, session, identity, requestBytes, ackBytes, depth, tasks, duration, n, reregister);
    }

    /** Whether a task that has sent {@code sent} requests may send another. */
    public boolean wantsMore(long sent) {
        return count == 0 || sent < count;
    }

    /** What a responder accepts at most: a ping-pong is a light probe, not a load test. */
    public static final int MAX_MESSAGE_BYTES = 16 << 20;
    public static final int MAX_DEPTH = 1024;
    public static final Duration MAX_DURATION = Duration.ofMinutes(10);

    /** Why these terms cannot be run, or null when they can. */
    public String problem() {
        if (requestBytes < Header.SIZE || ackBytes < Header.SIZE) {
            return "request and ack sizes include the " + Header.SIZE + "-byte header: use at least " + Header.SIZE;
        }
        if (requestBytes > MAX_MESSAGE_BYTES || ackBytes > MAX_MESSAGE_BYTES) {
            return "messages are limited to " + (MAX_MESSAGE_BYTES >> 20) + "M";
        }
        if (depth < 1 || depth > MAX_DEPTH) {
            return "depth must be 1.." + MAX_DEPTH + ", not " + depth;
        }
        if (tasks < 1 || tasks > Header.MAX_TASKS) {
            return "tasks must be 1.." + Header.MAX_TASKS + ", not " + tasks;
        }
        if (duration.isNegative() || duration.isZero() || duration.compareTo(MAX_DURATION) > 0) {
            return "duration must be positive and at most " + MAX_DURATION.toMinutes() + " minutes";
        }
        if (count < 0) {
            return "count must be 0 (no limit) or positive, not " + count;
        }
        return null;
    }

    /** The larger of the two message sizes: every buffer holds either. */
    public int maxMessageBytes() {
        return Math.max(requestBytes, ackBytes);
    }

    void write(DataOutput out) throws IOException {
        out.writeByte(transport.ordinal());
        out.writeInt(session);
        out.writeUTF(identity);
        out.writeInt(requestBytes);
        out.writeInt(ackBytes);
        out.writeInt(depth);
        out.writeInt(tasks);
        out.writeLong(duration.toMillis());
        out.writeLong(count);
        out.writeBoolean(reregister);
    }

    static Terms read(DataInput in) throws IOException {
        int t = in.readUnsignedByte();
        if (t >= Transport.values().length) {
            throw new IOException("unknown transport " + t);
        }
        return new Terms(Transport.values()[t], in.readInt(), in.readUTF(), in.readInt(), in.readInt(), in.readInt(),
                in.readInt(), Duration.ofMillis(in.readLong()), in.readLong(), in.readBoolean());
    }
}
