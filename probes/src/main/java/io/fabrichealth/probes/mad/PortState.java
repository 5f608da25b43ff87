package io.fabrichealth.probes.mad;

/** PortInfo.PortState (smpquery: LinkState), with infiniband-diags wording. */
public enum PortState {
    NO_CHANGE(0, "NoChange"),
    DOWN(1, "Down"),
    INIT(2, "Initialize"),
    ARMED(3, "Armed"),
    ACTIVE(4, "Active"),
    /** Any other value; the record keeps the raw number. */
    UNKNOWN(-1, "?");

    private final int code;
    private final String display;

    PortState(int code, String display) {
        this.code = code;
        this.display = display;
    }

    public static PortState of(int code) {
        for (PortState s : values()) {
            if (s.code == code) {
                return s;
            }
        }
        return UNKNOWN;
    }

    /** smpquery's and iblinkinfo's wording, "?(n)" for an undefined value. */
    public static String display(int code) {
        PortState s = of(code);
        return s == UNKNOWN ? "?(" + code + ")" : s.display;
    }

    public int code() {
        return code;
    }

    public String display() {
        return display;
    }
}
