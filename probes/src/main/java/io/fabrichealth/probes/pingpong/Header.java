package io.fabrichealth.probes.pingpong;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;

/**
 * The {@value #SIZE}-byte header every request and ack starts with (little endian), and its decoder. One
 * instance per task thread: decoding fills its fields and allocates nothing.
 *
 * <pre>
 *  0 magic "FHPP"   4 version   5 type   6 task (sender's)   8 session
 * 12 message bytes (header + payload, as sent)   16 sequence   24 slot (echoed in the ack)
 * 28 answer bytes (a request's ack size; 0 in an ack)   32 stamp (sender's clock, echoed)   40 flags (0)
 * 44 CRC32C of bytes 0..43
 * </pre>
 */
public final class Header {
    public static final int SIZE = 48;
    public static final int MAGIC = 0x50504846; // bytes 'F' 'H' 'P' 'P'
    public static final int VERSION = 1;
    public static final int REQUEST = 1;
    public static final int ACK = 2;
    /** Tasks are numbered 0..63 (the config's limit); a larger number cannot be a real task. */
    public static final int MAX_TASKS = 64;

    static final int OFF_VERSION = 4;
    static final int OFF_TYPE = 5;
    static final int OFF_TASK = 6;
    static final int OFF_SESSION = 8;
    static final int OFF_BYTES = 12;
    static final int OFF_SEQ = 16;
    static final int OFF_SLOT = 24;
    static final int OFF_ANSWER = 28;
    static final int OFF_STAMP = 32;
    static final int OFF_FLAGS = 40;
    static final int OFF_CRC = 44;

    private final CRC32C crc = new CRC32C();
    private final byte[] scratch = new byte[OFF_CRC];

    private int type;
    private int task;
    private int session;
    private int messageBytes;
    private long seq;
    private int slot;
    private int answerBytes;
    private long stamp;

    /** Writes a header at {@code b[at]}; {@code b} must be little endian. */
    public void write(ByteBuffer b, int at, int type, int task, int session, int messageBytes, long seq, int slot,
            int answerBytes, long stamp) {
        requireLittleEndian(b);
        b.putInt(at, MAGIC).put(at + OFF_VERSION, (byte) VERSION).put(at + OFF_TYPE, (byte) type)
                .putShort(at + OFF_TASK, (short) task).putInt(at + OFF_SESSION, session)
                .putInt(at + OFF_BYTES, messageBytes).putLong(at + OFF_SEQ, seq).putInt(at + OFF_SLOT, slot)
                .putInt(at + OFF_ANSWER, answerBytes).putLong(at + OFF_STAMP, stamp).putInt(at + OFF_FLAGS, 0);
        b.putInt(at + OFF_CRC, crcOf(b, at));
    }

    /**
     * Decodes the message of {@code length} bytes at {@code b[at]}. Checks are ordered so that the cheapest
     * tell-tale comes first; a message that passes all of them has fields this object now holds.
     *
     * @param maxMessageBytes the largest message the session negotiated
     * @return null when the header is sound, else what is wrong with it
     */
    public HeaderProblem decode(ByteBuffer b, int at, int length, int maxMessageBytes) {
        requireLittleEndian(b);
        if (length < SIZE) {
            return HeaderProblem.TRUNCATED;
        }
        if (b.getInt(at) != MAGIC) {
            return HeaderProblem.BAD_MAGIC;
        }
        if (b.get(at + OFF_VERSION) != VERSION) {
            return HeaderProblem.BAD_VERSION;
        }
        if (b.getInt(at + OFF_CRC) != crcOf(b, at)) {
            return HeaderProblem.BAD_CRC;
        }
        int t = b.get(at + OFF_TYPE);
        if (t != REQUEST && t != ACK) {
            return HeaderProblem.BAD_TYPE;
        }
        int n = b.getInt(at + OFF_BYTES);
        int answer = b.getInt(at + OFF_ANSWER);
        if (n < SIZE || n > maxMessageBytes || answer < 0 || answer > maxMessageBytes
                || (t == REQUEST && answer < SIZE) || (t == ACK && answer != 0)) {
            return HeaderProblem.IMPOSSIBLE_SIZE;
        }
        if (n > length) {
            return HeaderProblem.TRUNCATED;
        }
        if (n < length) {
            return HeaderProblem.IMPOSSIBLE_SIZE;
        }
        int k = Short.toUnsignedInt(b.getShort(at + OFF_TASK));
        long s = b.getLong(at + OFF_SEQ);
        int sl = b.getInt(at + OFF_SLOT);
        if (k >= MAX_TASKS || s < 0 || sl < 0 || b.getInt(at + OFF_FLAGS) != 0) {
            return HeaderProblem.IMPOSSIBLE_FIELD;
        }
        type = t;
        task = k;
        session = b.getInt(at + OFF_SESSION);
        messageBytes = n;
        seq = s;
        slot = sl;
        answerBytes = answer;
        stamp = b.getLong(at + OFF_STAMP);
        return null;
    }

    private int crcOf(ByteBuffer b, int at) {
        b.get(at, scratch);
        crc.reset();
        crc.update(scratch, 0, OFF_CRC);
        return (int) crc.getValue();
    }

    private static void requireLittleEndian(ByteBuffer b) {
        if (b.order() != ByteOrder.LITTLE_ENDIAN) {
            throw new IllegalArgumentException("ping-pong buffers are little endian: call order(LITTLE_ENDIAN)");
        }
    }

    public int type() {
        return type;
    }

    public int task() {
        return task;
    }

    public int session() {
        return session;
    }

    public int messageBytes() {
        return messageBytes;
    }

    public int payloadBytes() {
        return messageBytes - SIZE;
    }

    public long seq() {
        return seq;
    }

    public int slot() {
        return slot;
    }

    public int answerBytes() {
        return answerBytes;
    }

    public long stamp() {
        return stamp;
    }
}
