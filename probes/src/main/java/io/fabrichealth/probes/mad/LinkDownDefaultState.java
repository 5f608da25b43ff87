package io.fabrichealth.probes.mad;

/** PortInfo.LinkDownDefaultState: where the port goes when the link drops. */
public enum LinkDownDefaultState {
    NO_CHANGE(0, "NoChange"),
    SLEEP(1, "Sleep"),
    POLLING(2, "Polling"),
    /** Any other value; the record keeps the raw number. */
    UNKNOWN(-1, "?");

    private final int code;
    private final String display;

    LinkDownDefaultState(int code, String display) {
        this.code = code;
        this.display = display;
    }

    public static LinkDownDefaultState of(int code) {
        for (LinkDownDefaultState s : values()) {
            if (s.code == code) {
                return s;
            }
        }
        return UNKNOWN;
    }

    /** smpquery's wording, "?(n)" for an undefined value. */
    public static String display(int code) {
        LinkDownDefaultState s = of(code);
        return s == UNKNOWN ? "?(" + code + ")" : s.display;
    }

    public int code() {
        return code;
    }

    public String display() {
        return display;
    }
}
