package io.fabrichealth.probes.smp.health;

import io.fabrichealth.probes.mad.LinkSpeed;
import io.fabrichealth.probes.mad.LinkWidth;
import io.fabrichealth.probes.mad.PortCapability;
import io.fabrichealth.probes.mad.PortInfo;
import java.util.Optional;

/**
 * Whether a link runs below what both its ends could run, decided exactly as iblinkinfo decides its
 * "Could be ..." remark, so the agent marks the same ports iblinkinfo marks. The reference is the ends'
 * <em>Supported</em> masks, not Enabled ones: ibsim (and some firmware) report an Active speed above Enabled.
 */
public final class LinkDegradation {

    /** The rule's name, shown next to every verdict it makes. */
    public static final String RULE = "iblinkinfo \"Could be\": the widest LinkWidthSupported and the fastest "
            + "LinkSpeedSupported common to both ends (LinkSpeedExtSupported when both ends report "
            + "IsExtendedSpeedsSupported and a non-zero LinkSpeedExtSupported) must be the active ones";

    private LinkDegradation() {
    }

    /**
     * @param localCapabilityMask  the CapabilityMask that speaks for this port: its own on a CA, switch port 0's on a
     *                             switch (IBA leaves it reserved on external switch ports)
     * @param remoteCapabilityMask the same for the port at the other end of the link
     * @return iblinkinfo's remark ("Could be 12X", "Could be 53.125 Gbps", or both), empty when the link runs at
     *     the best both ends support
     */
    public static Optional<String> check(PortInfo local, int localCapabilityMask, PortInfo remote,
            int remoteCapabilityMask) {
        return check(local, localCapabilityMask, remote.linkWidthSupported(), remote.linkSpeedSupported(),
                remote.linkSpeedExtSupported(), PortCapability.IS_EXTENDED_SPEEDS_SUPPORTED.isIn(remoteCapabilityMask));
    }

    /**
     * The same, with only what the rule reads of the other end: its Supported masks and whether its CapabilityMask
     * has IsExtendedSpeedsSupported (in a fleet, from the published node list when another member owns that end).
     */
    public static Optional<String> check(PortInfo local, int localCapabilityMask, int remoteWidthSupported,
            int remoteSpeedSupported, int remoteSpeedExtSupported, boolean remoteExtendedSpeeds) {
        StringBuilder remark = new StringBuilder();
        int maxWidth = widest(local.linkWidthSupported() & remoteWidthSupported);
        if ((maxWidth & local.linkWidthActive()) == 0) {
            remark.append("Could be ").append(LinkWidth.display(maxWidth));
        }
        boolean extended = PortCapability.IS_EXTENDED_SPEEDS_SUPPORTED.isIn(localCapabilityMask) && remoteExtendedSpeeds
                && local.linkSpeedExtSupported() != 0 && remoteSpeedExtSupported != 0;
        String speed = extended
                ? couldBe(local.linkSpeedExtSupported() & remoteSpeedExtSupported, local.linkSpeedExtActive(), true)
                : couldBe(local.linkSpeedSupported() & remoteSpeedSupported, local.linkSpeedActive(), false);
        if (speed != null) {
            remark.append(remark.length() == 0 ? "" : " ").append(speed);
        }
        return remark.length() == 0 ? Optional.empty() : Optional.of(remark.toString());
    }

    private static String couldBe(int commonSupported, int active, boolean extended) {
        int max = highestBit(commonSupported);
        if ((max & active) != 0) {
            return null;
        }
        return "Could be " + (extended ? LinkSpeed.displayExtActive(max) : LinkSpeed.displayActive(max));
    }

    /** 12X over 8X over 4X over 2X over 1X; 2X's bit (0x10) is the highest but not the widest. */
    static int widest(int mask) {
        if ((mask & LinkWidth.W12X.bit()) != 0) {
            return LinkWidth.W12X.bit();
        }
        if ((mask & LinkWidth.W8X.bit()) != 0) {
            return LinkWidth.W8X.bit();
        }
        if ((mask & LinkWidth.W4X.bit()) != 0) {
            return LinkWidth.W4X.bit();
        }
        if ((mask & LinkWidth.W2X.bit()) != 0) {
            return LinkWidth.W2X.bit();
        }
        return LinkWidth.W1X.bit();
    }

    /** As iblinkinfo's get_max: the highest set bit, and 1 for an empty mask. */
    static int highestBit(int mask) {
        return mask == 0 ? 1 : Integer.highestOneBit(mask);
    }
}
