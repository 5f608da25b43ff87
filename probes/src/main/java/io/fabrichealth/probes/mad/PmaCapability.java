package io.fabrichealth.probes.mad;

import java.util.EnumSet;

/**
 * Bits of the PerfMgt ClassPortInfo.CapabilityMask (IBA 13.4.8.1 for bits 0-7, 16.1.3.1 for 8-15).
 * They say which attributes answer, not how wide a counter is: bit 9 or 10 means PortCountersExtended
 * (0x1D) exists, so the data and packet counters can be read as 64-bit values.
 */
public enum PmaCapability implements MaskBit {
    IS_TRAP_SUPPORTED(0, "IsTrapSupported"),
    IS_GET_SET_NOTICE_SUPPORTED(1, "IsGetSetNoticeSupported"),
    IS_CAPABILITY_MASK2_SUPPORTED(2, "IsCapabilityMask2Supported"),
    ALL_PORT_SELECT(8, "AllPortSelect"),
    /** PortCountersExtended with all eight data, packet, unicast and multicast counters. */
    EXTENDED_WIDTH(9, "ExtendedWidth"),
    /** PortCountersExtended with the four data and packet counters only. */
    EXTENDED_WIDTH_NO_IETF(10, "IsExtendedWidthSupportedNoIETF"),
    SAMPLES_ONLY(11, "IsSamplesOnlySupported"),
    PORT_COUNTERS_XMIT_WAIT(12, "IsPortCountersXmitWaitSupported"),
    INHIBIT_LIMITED_PKEY_MULTICAST_CONSTRAINT_ERRORS(13, "IsInhibitLimitedPkeyMulticastConstraintErrors"),
    RSFEC_COUNTERS(14, "IsRSFECCountersSupported"),
    QP1_DROP(15, "IsQP1DropSupported");

    private final int bit;
    private final String display;

    PmaCapability(int bit, String display) {
        this.bit = bit;
        this.display = display;
    }

    /** The named bits set in {@code mask}, in bit order. */
    public static EnumSet<PmaCapability> in(int mask) {
        return MaskBit.in(PmaCapability.class, mask);
    }

    @Override
    public int bit() {
        return bit;
    }

    @Override
    public String display() {
        return display;
    }
}
