package io.fabrichealth.probes.bursts;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The burst control messages: fixed {@value #SIZE}-byte records sent with fi_send between the
 * initiator and the target. Layout (little endian): type, slot, seq, four longs a..d, then two
 * length-prefixed byte fields (an identity or reason text, and a raw fabric address).
 */
final class Wire {
    static final int SIZE = 256;

    /**
     * initiator: slot=window, seq=the cancel set's delay in ms, a=payload bytes, b=max bytes, c=max millis,
     * d=set; A=identity and burst id, B=address (RDM).
     */
    static final int HELLO = 1;
    /** target: a=granted bytes, b=granted millis, c=granted window; B=the burst endpoint's address (RDM). */
    static final int WELCOME = 2;
    /** target: A=why. */
    static final int REFUSED = 3;
    /** target, put: slot is free; a=remote address, b=key, c=1 when the payload seq failed verification; A=details. */
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

    private static final int OFF_A = 16;
    private static final int OFF_FIELD1 = 48;
    private static final int FIELD1_MAX = 128;
    private static final int OFF_FIELD2 = OFF_FIELD1 + 4 + FIELD1_MAX;
    private static final int FIELD2_MAX = SIZE - OFF_FIELD2 - 4;

    private Wire() {
    }

    static void write(ByteBuffer b, int at, int type, int slot, long seq, long a, long bv, long c, long d) {
        b.putInt(at, type).putInt(at + 4, slot).putLong(at + 8, seq).putLong(at + OFF_A, a)
                .putLong(at + OFF_A + 8, bv).putLong(at + OFF_A + 16, c).putLong(at + OFF_A + 24, d)
                .putInt(at + OFF_FIELD1, 0).putInt(at + OFF_FIELD2, 0);
    }

    static void text(ByteBuffer b, int at, String text) {
        bytes(b, at + OFF_FIELD1, FIELD1_MAX, text.getBytes(StandardCharsets.UTF_8));
    }

    static void address(ByteBuffer b, int at, byte[] address) {
        if (address.length > FIELD2_MAX) {
            throw new IllegalArgumentException("a fabric address of " + address.length + " bytes does not fit the "
                    + FIELD2_MAX + " a burst message carries");
        }
        bytes(b, at + OFF_FIELD2, FIELD2_MAX, address);
    }

    private static void bytes(ByteBuffer b, int at, int max, byte[] value) {
        int n = Math.min(max, value.length);
        b.putInt(at, n);
        b.put(at + 4, value, 0, n);
    }

    static int type(ByteBuffer b, int at) {
        return b.getInt(at);
    }

    static int slot(ByteBuffer b, int at) {
        return b.getInt(at + 4);
    }

    static long seq(ByteBuffer b, int at) {
        return b.getLong(at + 8);
    }

    /** Long field 0..3 (a..d). */
    static long field(ByteBuffer b, int at, int index) {
        return b.getLong(at + OFF_A + 8 * index);
    }

    static String text(ByteBuffer b, int at) {
        return new String(read(b, at + OFF_FIELD1, FIELD1_MAX), StandardCharsets.UTF_8);
    }

    static byte[] address(ByteBuffer b, int at) {
        return read(b, at + OFF_FIELD2, FIELD2_MAX);
    }

    private static byte[] read(ByteBuffer b, int at, int max) {
        int n = Math.max(0, Math.min(max, b.getInt(at)));
        byte[] out = new byte[n];
        b.get(at + 4, out);
        return out;
    }

    static String name(int type) {
        String[] names = {"?", "HELLO", "WELCOME", "REFUSED", "CREDIT", "NOTE", "FILL", "FILLED", "BYE", "BYE_ACK"};
        return type > 0 && type < names.length ? names[type] : "type " + type;
    }
}
