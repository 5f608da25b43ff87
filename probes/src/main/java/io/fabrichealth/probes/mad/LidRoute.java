package io.fabrichealth.probes.mad;

/** A LID-routed SMP (class 0x01) to a unicast LID. The LID travels in the umad address, not in the MAD. */
public record LidRoute(int lid) implements SmpRoute {

    /** The highest unicast LID; 0xC000 and above are multicast and 0xFFFF is permissive. */
    public static final int MAX_UNICAST_LID = 0xBFFF;

    public LidRoute {
        checkUnicast(lid);
    }

    static void checkUnicast(int lid) {
        if (lid < 1 || lid > MAX_UNICAST_LID) {
            throw new IllegalArgumentException(String.format(
                    "LID %d is not a unicast LID (1..0x%X); before the SM has assigned LIDs, use a DrPath",
                    lid, MAX_UNICAST_LID));
        }
    }

    @Override
    public String toString() {
        return "LID " + lid;
    }
}
