package io.fabrichealth.probes.mad;

/**
 * One bit of PortInfo.LinkWidthActive/Enabled/Supported. Enabled and Supported are masks of these
 * bits, Active holds exactly one of them.
 */
public enum LinkWidth {
    W1X(0x01, "1X", 1),
    W4X(0x02, "4X", 4),
    W8X(0x04, "8X", 8),
    W12X(0x08, "12X", 12),
    W2X(0x10, "2X", 2),
    /** No bit, several bits or an undefined bit; the record keeps the raw number. */
    UNKNOWN(0, "undefined", 0);

    /** Supported masks an IBA 1.3 port may report without infiniband-diags calling them an extension. */
    private static final int[] PLAIN_SUPPORTED = {1, 3, 7, 11, 15, 17, 19, 23, 27, 31};

    private final int bit;
    private final String display;
    private final int lanes;

    LinkWidth(int bit, String display, int lanes) {
        this.bit = bit;
        this.display = display;
        this.lanes = lanes;
    }

    /** The width of an Active value: exactly one defined bit, otherwise UNKNOWN. */
    public static LinkWidth of(int code) {
        for (LinkWidth w : values()) {
            if (w.bit == code && w != UNKNOWN) {
                return w;
            }
        }
        return UNKNOWN;
    }

    /** An Active value as smpquery and iblinkinfo print it: "4X", or "undefined (n)". */
    public static String display(int code) {
        LinkWidth w = of(code);
        return w == UNKNOWN ? "undefined (" + code + ")" : w.display;
    }

    /** An Enabled mask as smpquery prints it: "1X or 4X", or "undefined (n)" for 0 or unknown bits. */
    public static String displayMask(int mask) {
        StringBuilder s = new StringBuilder();
        for (LinkWidth w : values()) {
            if (w != UNKNOWN && (mask & w.bit) != 0) {
                s.append(w.display).append(" or ");
            }
        }
        if (mask == 0 || (mask >>> 5) != 0) {
            return s + "undefined (" + mask + ")";
        }
        return s.substring(0, s.length() - 4);
    }

    /** A Supported mask as smpquery prints it: like {@link #displayMask}, flagging IBA extensions. */
    public static String displaySupportedMask(int mask) {
        String s = displayMask(mask);
        if ((mask >>> 5) != 0) {
            return s;
        }
        for (int plain : PLAIN_SUPPORTED) {
            if (plain == mask) {
                return s;
            }
        }
        return s + " (IBA extension)";
    }

    public int bit() {
        return bit;
    }

    public String display() {
        return display;
    }

    /** Physical lanes: 4 for 4X. */
    public int lanes() {
        return lanes;
    }
}
