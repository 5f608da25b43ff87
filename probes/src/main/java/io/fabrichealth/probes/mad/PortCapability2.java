package io.fabrichealth.probes.mad;

import java.util.EnumSet;

/** Bits of PortInfo.CapabilityMask2, named as smpquery prints them. */
public enum PortCapability2 implements MaskBit {
    IS_SET_NODE_DESCRIPTION_SUPPORTED(0, "IsSetNodeDescriptionSupported"),
    IS_PORT_INFO_EXTENDED_SUPPORTED(1, "IsPortInfoExtendedSupported"),
    IS_VIRTUALIZATION_SUPPORTED(2, "IsVirtualizationSupported"),
    IS_SWITCH_PORT_STATE_TABLE_SUPPORTED(3, "IsSwitchPortStateTableSupported"),
    IS_LINK_WIDTH_2X_SUPPORTED(4, "IsLinkWidth2xSupported"),
    IS_LINK_SPEED_HDR_SUPPORTED(5, "IsLinkSpeedHDRSupported"),
    IS_MKEY_PROTECT_BITS_EXT_SUPPORTED(6, "IsMKeyProtectBitsExtSupported"),
    IS_ENHANCED_TRAP128_SUPPORTED(7, "IsEnhancedTrap128Supported"),
    IS_PARTITION_TOP_SUPPORTED(8, "IsPartitionTopSupported"),
    IS_ENHANCED_QOS_ARBITER_SUPPORTED(9, "IsEnhancedQoSArbiterSupported"),
    IS_LINK_SPEED_NDR_SUPPORTED(10, "IsLinkSpeedNDRSupported");

    private final int bit;
    private final String display;

    PortCapability2(int bit, String display) {
        this.bit = bit;
        this.display = display;
    }

    /** The named bits set in {@code mask}, in bit order. */
    public static EnumSet<PortCapability2> in(int mask) {
        return MaskBit.in(PortCapability2.class, mask);
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
