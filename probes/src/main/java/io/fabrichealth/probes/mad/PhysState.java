package io.fabrichealth.probes.mad;

/** PortInfo.PortPhysicalState (smpquery: PhysLinkState), with infiniband-diags wording. */
public enum PhysState {
    NO_CHANGE(0, "NoChange"),
    SLEEP(1, "Sleep"),
    POLLING(2, "Polling"),
    DISABLED(3, "Disabled"),
    PORT_CONFIGURATION_TRAINING(4, "PortConfigurationTraining"),
    LINK_UP(5, "LinkUp"),
    LINK_ERROR_RECOVERY(6, "LinkErrorRecovery"),
    PHY_TEST(7, "PhyTest"),
    /** Any other value; the record keeps the raw number. */
    UNKNOWN(-1, "?");

    private final int code;
    private final String display;

    PhysState(int code, String display) {
        this.code = code;
        this.display = display;
    }

    public static PhysState of(int code) {
        for (PhysState s : values()) {
            if (s.code == code) {
                return s;
            }
        }
        return UNKNOWN;
    }

    /** smpquery's and iblinkinfo's wording, "?(n)" for an undefined value. */
    public static String display(int code) {
        PhysState s = of(code);
        return s == UNKNOWN ? "?(" + code + ")" : s.display;
    }

    public int code() {
        return code;
    }

    public String display() {
        return display;
    }
}
