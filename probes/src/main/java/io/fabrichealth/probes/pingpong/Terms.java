package io.fabrichealth.probes.pingpong;

import io.fabrichealth.config.MemoryMode;
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
 * @param memory verbs: how the client's buffers are registered (krping's mem_mode); {@link MemoryMode#ONCE} for
 *              every other transport
 * @param serverInvalidate verbs in {@link MemoryMode#WINDOW}: the server's go-ahead invalidates the client's rkey
 *              (SEND_WITH_INV, krping's server_inv) instead of the client's LOCAL_INV
 */
public record Terms(Transport transport, int session, String identity, int requestBytes, int ackBytes, int depth,
        int tasks, Duration duration, long count, MemoryMode memory, boolean serverInvalidate) {

    /** Memory registered once, no request count: the run lasts the whole duration (rds-stress's -T). */
    public Terms(Transport transport, int session, String identity, int requestBytes, int ackBytes, int depth,
            int tasks, Duration duration) {
        this(transport, session, identity, requestBytes, ackBytes, depth, tasks, duration, 0, MemoryMode.ONCE, false);
    }

    /** The same terms with memory re-registered every iteration. */
    public Terms reregistering() {
        return withMemory(MemoryMode.REREGISTER, false);
    }

    /** The same terms with another verbs memory mode. */
    public Terms withMemory(MemoryMode mode, boolean invalidateByServer) {
        return new Terms(transport, session, identity, requestBytes, ackBytes, depth, tasks, duration, count, mode,
                invalidateByServer);
    }

    /** The same terms, stopping after {@code n} requests per task (0: no limit). */
    public Terms counting(long n) {
        return new Terms(transport, session, identity, requestBytes, ackBytes, depth, tasks, duration, n, memory,
                serverInvalidate);
    }

    /** The memory mode in krping's words, as results and MBeans show it (verbs' transport in use). */
    public String memoryText() {
        return switch (memory) {
            case ONCE -> "memory registered once";
            case REREGISTER -> "memory re-registered every iteration";
            case WINDOW -> "memory window (type 2), invalidated by " + (serverInvalidate ? "the server (server_inv)"
                    : "the client (LOCAL_INV)");
        };
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
        if (memory == null) {
            return "no memory mode";
        }
        if (memory != MemoryMode.ONCE && transport != Transport.VERBS) {
            return "memory modes are verbs' (krping's): a " + transport.name().toLowerCase(java.util.Locale.ROOT)
                    + " ping-pong registers its buffers once";
        }
        if (serverInvalidate && memory != MemoryMode.WINDOW) {
            return "server_inv (serverInvalidate) is valid only with the window memory mode, as in krping";
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
        out.writeByte(memoryCode(memory));
        out.writeByte(serverInvalidate ? SERVER_INVALIDATE : 0);
    }

    /**
     * Memory modes on the wire: fixed codes, not ordinals, so reordering the enum changes nothing. The terms are
     * in the HELLO of control protocol version 2 (ControlLink.VERSION); version 1 had a boolean here.
     */
    private static final int ONCE_CODE = 0;
    private static final int REREGISTER_CODE = 1;
    private static final int WINDOW_CODE = 2;
    /** Memory option bits: krping's server_inv. */
    private static final int SERVER_INVALIDATE = 1;

    private static int memoryCode(MemoryMode m) {
        return switch (m) {
            case ONCE -> ONCE_CODE;
            case REREGISTER -> REREGISTER_CODE;
            case WINDOW -> WINDOW_CODE;
        };
    }

    static Terms read(DataInput in) throws IOException {
        int t = in.readUnsignedByte();
        if (t >= Transport.values().length) {
            throw new Unknown("transport " + t);
        }
        Transport transport = Transport.values()[t];
        int session = in.readInt();
        String identity = in.readUTF();
        int request = in.readInt();
        int ack = in.readInt();
        int depth = in.readInt();
        int tasks = in.readInt();
        Duration duration = Duration.ofMillis(in.readLong());
        long count = in.readLong();
        int m = in.readUnsignedByte();
        int options = in.readUnsignedByte();
        MemoryMode memory = switch (m) {
            case ONCE_CODE -> MemoryMode.ONCE;
            case REREGISTER_CODE -> MemoryMode.REREGISTER;
            case WINDOW_CODE -> MemoryMode.WINDOW;
            default -> throw new Unknown("memory mode " + m + " (this agent knows once, reregister and window)");
        };
        if ((options & ~SERVER_INVALIDATE) != 0) {
            throw new Unknown("memory option bits 0x" + Integer.toHexString(options & ~SERVER_INVALIDATE)
                    + " (this agent knows server_inv only)");
        }
        return new Terms(transport, session, identity, request, ack, depth, tasks, duration, count, memory,
                (options & SERVER_INVALIDATE) != 0);
    }

    /** Terms this agent cannot even name: the responder refuses them, saying what it did not know. */
    static final class Unknown extends IOException {
        private static final long serialVersionUID = 1L;

        Unknown(String what) {
            super("unknown " + what + " in the terms: run the same fabric-health version on both hosts");
        }
    }
}
