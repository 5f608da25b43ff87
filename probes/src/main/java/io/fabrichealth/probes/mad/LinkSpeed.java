package io.fabrichealth.probes.mad;

/**
 * The signalling rate of one lane, with the words smpquery and iblinkinfo print. SDR..QDR come from
 * PortInfo.LinkSpeedActive; FDR..NDR from LinkSpeedExtActive and XDR from LinkSpeedExtActive2, which
 * only count when the port reports IsExtendedSpeedsSupported. FDR10 is signalled in Mellanox's
 * vendor-specific ExtendedPortInfo, which this package does not query; it is here so a caller that
 * does can name it.
 */
public enum LinkSpeed {
    SDR(2.5, "2.5 Gbps"),
    DDR(5.0, "5.0 Gbps"),
    QDR(10.0, "10.0 Gbps"),
    FDR10(10.3125, "10.0 Gbps (FDR10)"),
    FDR(14.0625, "14.0625 Gbps"),
    EDR(25.78125, "25.78125 Gbps"),
    HDR(53.125, "53.125 Gbps"),
    NDR(106.25, "106.25 Gbps"),
    XDR(212.5, "212.5 Gbps"),
    /** Not a defined code; the record keeps the raw number. */
    UNKNOWN(0, "undefined");

    private static final LinkSpeed[] CLASSIC = {SDR, DDR, QDR};
    private static final LinkSpeed[] EXTENDED = {FDR, EDR, HDR, NDR};

    private final double gbpsPerLane;
    private final String display;

    LinkSpeed(double gbpsPerLane, String display) {
        this.gbpsPerLane = gbpsPerLane;
        this.display = display;
    }

    /** LinkSpeedActive: 1 SDR, 2 DDR, 4 QDR. */
    public static LinkSpeed ofActive(int code) {
        return oneBit(CLASSIC, code);
    }

    /** LinkSpeedExtActive: 1 FDR, 2 EDR, 4 HDR, 8 NDR. */
    public static LinkSpeed ofExtActive(int code) {
        return oneBit(EXTENDED, code);
    }

    /** LinkSpeedExtActive2: 1 XDR. */
    public static LinkSpeed ofExt2Active(int code) {
        return code == 1 ? XDR : UNKNOWN;
    }

    /**
     * The speed a link runs at, decided as iblinkinfo does: an extended speed wins when the port supports
     * extended speeds and reports one. For a switch port pass switch port 0's IsExtendedSpeedsSupported:
     * IBA leaves CapabilityMask of external switch ports reserved (they read 0).
     */
    public static LinkSpeed active(int linkSpeedActive, int linkSpeedExtActive, int linkSpeedExtActive2,
            boolean extendedSpeedsSupported) {
        if (extendedSpeedsSupported && linkSpeedExtActive2 != 0) {
            return ofExt2Active(linkSpeedExtActive2);
        }
        if (extendedSpeedsSupported && linkSpeedExtActive != 0) {
            return ofExtActive(linkSpeedExtActive);
        }
        return ofActive(linkSpeedActive);
    }

    /** LinkSpeedActive as smpquery prints it: "10.0 Gbps"; 0 is "Extended speed". */
    public static String displayActive(int code) {
        if (code == 0) {
            return "Extended speed";
        }
        LinkSpeed s = ofActive(code);
        return s == UNKNOWN ? "undefined (" + code + ")" : s.display;
    }

    /** LinkSpeedExtActive as smpquery prints it: "25.78125 Gbps"; 0 is "No Extended Speed". */
    public static String displayExtActive(int code) {
        if (code == 0) {
            return "No Extended Speed";
        }
        LinkSpeed s = ofExtActive(code);
        return s == UNKNOWN ? "undefined (" + code + ")" : s.display;
    }

    /** LinkSpeedSupported/Enabled as smpquery prints them: "2.5 Gbps or 5.0 Gbps or 10.0 Gbps". */
    public static String displayMask(int mask) {
        StringBuilder s = list(CLASSIC, mask);
        if (mask == 0 || (mask >>> 3) != 0) {
            s.append("undefined (").append(mask).append(')');
        } else {
            s.setLength(s.length() - 4);
        }
        boolean plain = mask == 1 || mask == 3 || mask == 5 || mask == 7;
        if (!plain && (mask >>> 3) == 0) {
            s.append(" (IBA extension)");
        }
        return s.toString();
    }

    /** LinkSpeedExtSupported as smpquery prints it; 0 prints as "0". */
    public static String displayExtMask(int mask) {
        if (mask == 0) {
            return "0";
        }
        StringBuilder s = list(EXTENDED, mask);
        if ((mask >>> 4) != 0) {
            return s.append("undefined (").append(mask).append(')').toString();
        }
        return s.substring(0, s.length() - 4);
    }

    /** LinkSpeedExtEnabled as smpquery prints it; 30 means extended speeds are switched off. */
    public static String displayExtEnabledMask(int mask) {
        return mask == 30 ? "Extended link speeds disabled" : displayExtMask(mask);
    }

    /** Signalling rate of one lane in Gb/s (iblinkinfo's number; the data rate is lower by the encoding). */
    public double gbpsPerLane() {
        return gbpsPerLane;
    }

    /** iblinkinfo's wording: "10.0 Gbps", "25.78125 Gbps". */
    public String display() {
        return display;
    }

    private static LinkSpeed oneBit(LinkSpeed[] speeds, int code) {
        for (int i = 0; i < speeds.length; i++) {
            if (code == 1 << i) {
                return speeds[i];
            }
        }
        return UNKNOWN;
    }

    private static StringBuilder list(LinkSpeed[] speeds, int mask) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < speeds.length; i++) {
            if ((mask & 1 << i) != 0) {
                s.append(speeds[i].display).append(" or ");
            }
        }
        return s;
    }
}
