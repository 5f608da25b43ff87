package io.fabrichealth.probes.mad;

/** An IBA MTU code (NeighborMTU, MTUCap). */
public enum Mtu {
    MTU_256(1, 256),
    MTU_512(2, 512),
    MTU_1024(3, 1024),
    MTU_2048(4, 2048),
    MTU_4096(5, 4096),
    /** Any other value; the record keeps the raw number. */
    UNKNOWN(-1, 0);

    private final int code;
    private final int bytes;

    Mtu(int code, int bytes) {
        this.code = code;
        this.bytes = bytes;
    }

    public static Mtu of(int code) {
        for (Mtu m : values()) {
            if (m.code == code) {
                return m;
            }
        }
        return UNKNOWN;
    }

    /** smpquery's wording: "2048", "?(n)" for an undefined code. */
    public static String display(int code) {
        Mtu m = of(code);
        return m == UNKNOWN ? "?(" + code + ")" : Integer.toString(m.bytes);
    }

    public int code() {
        return code;
    }

    public int bytes() {
        return bytes;
    }
}
