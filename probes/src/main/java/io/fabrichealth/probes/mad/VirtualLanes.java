package io.fabrichealth.probes.mad;

/** A count of data VLs as PortInfo encodes it (VLCap, OperationalVLs). */
public enum VirtualLanes {
    VL0(1, "VL0", 1),
    VL0_1(2, "VL0-1", 2),
    VL0_3(3, "VL0-3", 4),
    VL0_7(4, "VL0-7", 8),
    VL0_14(5, "VL0-14", 15),
    /** Any other value; the record keeps the raw number. */
    UNKNOWN(-1, "?", 0);

    private final int code;
    private final String display;
    private final int count;

    VirtualLanes(int code, String display, int count) {
        this.code = code;
        this.display = display;
        this.count = count;
    }

    public static VirtualLanes of(int code) {
        for (VirtualLanes v : values()) {
            if (v.code == code) {
                return v;
            }
        }
        return UNKNOWN;
    }

    /** VLCap as smpquery prints it: "VL0-7", "?(n)" otherwise. */
    public static String displayCap(int code) {
        VirtualLanes v = of(code);
        return v == UNKNOWN ? "?(" + code + ")" : v.display;
    }

    /** OperationalVLs as smpquery prints it: like VLCap, but 0 means "No change". */
    public static String displayOperational(int code) {
        return code == 0 ? "No change" : displayCap(code);
    }

    public int code() {
        return code;
    }

    public String display() {
        return display;
    }

    /** Number of data VLs. */
    public int count() {
        return count;
    }
}
