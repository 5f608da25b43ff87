package io.fabrichealth.probes.bursts;

import io.fabrichealth.config.BurstKeyword;
import io.fabrichealth.config.BurstPhase;
import io.fabrichealth.config.BurstSet;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * The burst control messages: fixed {@value #SIZE}-byte records sent with fi_send between the initiator and
 * the target, and their one decoder. A message is believed only after {@link #check} has passed it: magic,
 * version, type, field lengths and a CRC32C over everything before the CRC. The control messages decide what
 * is tested (slots, keys, sizes, the set), so a flipped bit in one must fail the burst, never steer it.
 *
 * <pre>
 *   0 magic "FHBW"   4 version   5 type   6 zero (2)   8 slot   12 zero (4)   16 seq
 *  24 a   32 b   40 c   48 d   56 text length + text ({@value #TEXT_MAX})
 * 172 address length + address ({@value #ADDRESS_MAX})   252 CRC32C of bytes 0..251
 * </pre>
 */
final class Wire {
    static final int SIZE = 256;
    static final int MAGIC = 0x57424846; // bytes 'F' 'H' 'B' 'W'
    /** 2: HELLO's d carries the phase and the set's keywords (1 carried an index into seven sets). */
    static final int VERSION = 2;

    /**
     * initiator: slot=window, seq=the cancel set's delay in ms, a=payload bytes, b=max bytes, c=max millis,
     * d=the test, phase and set ({@link #testCode}); text=identity, burst id and, when more sets of its suite follow, {@link #MORE}, one a line;
     * address=the initiator's (RDM).
     */
    static final int HELLO = 1;
    /** target: a=granted bytes, b=granted millis, c=granted window; address=the burst endpoint's (RDM). */
    static final int WELCOME = 2;
    /**
     * target: a={@link #REFUSED_BUSY} or {@link #REFUSED_BUDGET}, text=why. Either way the initiator's suite stops
     * and is retried in its next slot.
     */
    static final int REFUSED = 3;
    /** REFUSED's a: another initiator holds the target (it serves one at a time). */
    static final long REFUSED_BUSY = 1;
    /** REFUSED's a: the target's own budget (bursts.maxConcurrent, one burst per peer) is spent. */
    static final long REFUSED_BUDGET = 0;
    /** HELLO text's optional third line: the initiator's suite has more sets after this one. */
    static final String MORE = "more";
    /** target, put: slot is free; a=remote address, b=key, c=1 when the payload seq failed verification; text=details. */
    static final int CREDIT = 4;
    /** initiator, put: payload seq is in slot, verify it. */
    static final int NOTE = 5;
    /** initiator, get: fill slot with payload seq. */
    static final int FILL = 6;
    /** target, get: payload seq is in slot at a=remote address, b=key. */
    static final int FILLED = 7;
    /** initiator: no more operations. */
    static final int BYE = 8;
    /** target: a=payloads verified, b=payloads bad, c=bytes verified. */
    static final int BYE_ACK = 9;
    /**
     * target: the session ended early, text=why (a damaged message). Without it an RDM initiator, which has
     * no connection to lose, would only learn it from the stall timeout.
     */
    static final int ENDED = 10;

    private static final String[] NAMES = {"?", "HELLO", "WELCOME", "REFUSED", "CREDIT", "NOTE", "FILL", "FILLED",
        "BYE", "BYE_ACK", "ENDED"};

    private static final int OFF_VERSION = 4;
    private static final int OFF_TYPE = 5;
    private static final int OFF_SLOT = 8;
    private static final int OFF_SEQ = 16;
    private static final int OFF_A = 24;
    private static final int OFF_TEXT = 56;
    static final int TEXT_MAX = 112;
    private static final int OFF_ADDRESS = OFF_TEXT + 4 + TEXT_MAX;
    static final int OFF_CRC = SIZE - 4;
    static final int ADDRESS_MAX = OFF_CRC - OFF_ADDRESS - 4;

    /**
     * A magic this close to ours is ours, damaged; one further away is another protocol or another version of
     * this one, which fails the burst but is not a Corruption (a fleet mid-upgrade must not page anybody).
     */
    static final int MAX_FLIPPED_BITS = 2;

    /** One per thread: CRC32C is not thread-safe, and a message is checked on the thread that received it. */
    private static final ThreadLocal<CRC32C> CRC = ThreadLocal.withInitial(CRC32C::new);

    private Wire() {
    }

    /** Starts a message at {@code b[at]} with empty text and address; {@link #seal} finishes it. */
    static void write(ByteBuffer b, int at, int type, int slot, long seq, long a, long bv, long c, long d) {
        b.putInt(at, MAGIC).put(at + OFF_VERSION, (byte) VERSION).put(at + OFF_TYPE, (byte) type)
                .putShort(at + 6, (short) 0).putInt(at + OFF_SLOT, slot).putInt(at + 12, 0).putLong(at + OFF_SEQ, seq)
                .putLong(at + OFF_A, a).putLong(at + OFF_A + 8, bv).putLong(at + OFF_A + 16, c)
                .putLong(at + OFF_A + 24, d).putInt(at + OFF_TEXT, 0).putInt(at + OFF_ADDRESS, 0);
    }

    /** Computes the CRC: the last step before the message is posted. */
    static void seal(ByteBuffer b, int at) {
        b.putInt(at + OFF_CRC, crcOf(b, at));
    }

    static void text(ByteBuffer b, int at, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        bytes(b, at + OFF_TEXT, TEXT_MAX, bytes);
    }

    static void address(ByteBuffer b, int at, byte[] address) {
        if (address.length > ADDRESS_MAX) {
            throw new IllegalArgumentException("a fabric address of " + address.length + " bytes does not fit the "
                    + ADDRESS_MAX + " a burst message carries");
        }
        bytes(b, at + OFF_ADDRESS, ADDRESS_MAX, address);
    }

    private static void bytes(ByteBuffer b, int at, int max, byte[] value) {
        int n = Math.min(max, value.length);
        b.putInt(at, n);
        b.put(at + 4, value, 0, n);
    }

    /**
     * The one decoder: passes a received message or throws {@link WireException} saying what is wrong.
     *
     * @param length bytes the completion reported
     * @return the message's type
     */
    static int check(ByteBuffer b, int at, long length, String from) {
        if (length != SIZE) {
            throw new WireException(from, guessType(b, at, length), WireException.Problem.WRONG_LENGTH,
                    "its completion reported " + length + " bytes, not " + SIZE, -1);
        }
        int magic = b.getInt(at);
        if (Integer.bitCount(magic ^ MAGIC) > MAX_FLIPPED_BITS) {
            throw new WireException(from, -1, WireException.Problem.FOREIGN, "magic 0x" + Integer.toHexString(magic)
                    + " is not this version's: is the peer another version of fabric-health?", -1);
        }
        if (magic != MAGIC) {
            throw new WireException(from, -1, WireException.Problem.BAD_MAGIC,
                    "magic 0x" + Integer.toHexString(magic), firstDifference(magic, MAGIC));
        }
        int crc = crcOf(b, at);
        int type = b.get(at + OFF_TYPE);
        if (b.getInt(at + OFF_CRC) != crc) {
            throw new WireException(from, type, WireException.Problem.BAD_CRC, "CRC32C over bytes 0.."
                    + (OFF_CRC - 1) + " is 0x" + Integer.toHexString(crc) + ", the message says 0x"
                    + Integer.toHexString(b.getInt(at + OFF_CRC)), -1);
        }
        if (b.get(at + OFF_VERSION) != VERSION) {
            throw new WireException(from, type, WireException.Problem.FOREIGN, "version " + b.get(at + OFF_VERSION)
                    + ", this agent speaks " + VERSION, -1);
        }
        if (type < HELLO || type > ENDED) {
            throw new WireException(from, type, WireException.Problem.BAD_TYPE, "type " + type, OFF_TYPE);
        }
        int text = b.getInt(at + OFF_TEXT);
        int address = b.getInt(at + OFF_ADDRESS);
        if (text < 0 || text > TEXT_MAX || address < 0 || address > ADDRESS_MAX) {
            throw new WireException(from, type, WireException.Problem.IMPOSSIBLE_FIELD, "text of " + text
                    + " bytes, address of " + address + " bytes", text < 0 || text > TEXT_MAX ? OFF_TEXT : OFF_ADDRESS);
        }
        return type;
    }

    /** Byte offset of the first byte in which two little-endian ints differ. */
    private static int firstDifference(int got, int wanted) {
        int x = got ^ wanted;
        return Integer.numberOfTrailingZeros(x) / 8;
    }

    private static int guessType(ByteBuffer b, int at, long length) {
        return length > OFF_TYPE ? b.get(at + OFF_TYPE) : -1;
    }

    private static int crcOf(ByteBuffer b, int at) {
        CRC32C crc = CRC.get();
        crc.reset();
        crc.update(b.duplicate().clear().position(at).limit(at + OFF_CRC));
        return (int) crc.getValue();
    }

    static int type(ByteBuffer b, int at) {
        return b.get(at + OFF_TYPE);
    }

    static int slot(ByteBuffer b, int at) {
        return b.getInt(at + OFF_SLOT);
    }

    static long seq(ByteBuffer b, int at) {
        return b.getLong(at + OFF_SEQ);
    }

    /** Long field 0..3 (a..d). */
    static long field(ByteBuffer b, int at, int index) {
        return b.getLong(at + OFF_A + 8 * index);
    }

    static String text(ByteBuffer b, int at) {
        return new String(read(b, at + OFF_TEXT, TEXT_MAX), StandardCharsets.UTF_8);
    }

    static byte[] address(ByteBuffer b, int at) {
        return read(b, at + OFF_ADDRESS, ADDRESS_MAX);
    }

    private static byte[] read(ByteBuffer b, int at, int max) {
        int n = Math.max(0, Math.min(max, b.getInt(at)));
        byte[] out = new byte[n];
        b.get(at + 4, out);
        return out;
    }

    /** The phase and parameter set a HELLO asks for. */
    record Test(BurstPhase phase, BurstSet set) {
    }

    private static final int KEYWORD_BITS = 4;

    /**
     * HELLO's d: the phase in the low 4 bits (1 get, 2 put), then the set's keywords in the order written, each as
     * its ordinal + 1 in the next 4 bits; 0 ends the list.
     */
    static long testCode(BurstPhase phase, BurstSet set) {
        long code = phase.ordinal() + 1;
        int shift = KEYWORD_BITS;
        for (BurstKeyword k : set.keywords()) {
            code |= (long) (k.ordinal() + 1) << shift;
            shift += KEYWORD_BITS;
        }
        return code;
    }

    /** Reads {@link #testCode}; null when it names no phase, an unknown or repeated keyword, or a set its phase refuses. */
    static Test test(long code) {
        int phase = (int) (code & 0xf) - 1;
        if (phase < 0 || phase >= BurstPhase.values().length) {
            return null;
        }
        List<BurstKeyword> keywords = new ArrayList<>();
        for (long rest = code >>> KEYWORD_BITS; rest != 0; rest >>>= KEYWORD_BITS) {
            int k = (int) (rest & 0xf) - 1;
            if (k < 0 || k >= BurstKeyword.values().length || keywords.contains(BurstKeyword.values()[k])) {
                return null;
            }
            keywords.add(BurstKeyword.values()[k]);
        }
        BurstSet set = BurstSet.of(keywords);
        BurstPhase p = BurstPhase.values()[phase];
        return set.problemIn(p) == null ? new Test(p, set) : null;
    }

    static String name(int type) {
        return type > 0 && type < NAMES.length ? NAMES[type] : "type " + type;
    }
}
