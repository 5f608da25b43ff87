package io.fabrichealth.probes.mad;

/** NodeInfo.NodeType, with the words smpquery and iblinkinfo print for it. */
public enum NodeType {
    CA(1, "Channel Adapter", "CA"),
    SWITCH(2, "Switch", "Switch"),
    ROUTER(3, "Router", "Router"),
    /** Any other value; the record keeps the raw number. */
    UNKNOWN(-1, "?", "??");

    private final int code;
    private final String display;
    private final String shortName;

    NodeType(int code, String display, String shortName) {
        this.code = code;
        this.display = display;
        this.shortName = shortName;
    }

    public static NodeType of(int code) {
        for (NodeType t : values()) {
            if (t.code == code) {
                return t;
            }
        }
        return UNKNOWN;
    }

    /** smpquery's wording, "?(n)?" for a value IBA does not define. */
    public static String display(int code) {
        NodeType t = of(code);
        return t == UNKNOWN ? "?(" + code + ")?" : t.display;
    }

    public int code() {
        return code;
    }

    /** "Channel Adapter", "Switch", "Router" as smpquery prints them. */
    public String display() {
        return display;
    }

    /** "CA", "Switch", "Router" as iblinkinfo prints them. */
    public String shortName() {
        return shortName;
    }
}
