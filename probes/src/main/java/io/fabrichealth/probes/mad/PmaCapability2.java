package io.fabrichealth.probes.mad;

import java.util.EnumSet;

/** Bits of the PerfMgt ClassPortInfo.CapabilityMask2 (27 bits). */
public enum PmaCapability2 implements MaskBit {
    IS_PM_KEY_SUPPORTED(0, "IsPMKeySupported"),
    /** The 64-bit error counters of PortCountersExtended (bytes 72..191 of its data) are valid. */
    IS_ADDITIONAL_PORT_COUNTERS_EXTENDED_SUPPORTED(1, "IsAdditionalPortCountersExtendedSupported");

    private final int bit;
    private final String display;

    PmaCapability2(int bit, String display) {
        this.bit = bit;
        this.display = display;
    }

    /** The named bits set in {@code mask}, in bit order. */
    public static EnumSet<PmaCapability2> in(int mask) {
        return MaskBit.in(PmaCapability2.class, mask);
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
