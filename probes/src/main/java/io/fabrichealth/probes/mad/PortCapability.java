package io.fabrichealth.probes.mad;

import java.util.EnumSet;

/**
 * Bits of PortInfo.CapabilityMask (IBA 14.2.5.6), named as smpquery prints them (its spelling kept,
 * "Communicaton" included, so output can be compared verbatim). On a switch only port 0 reports them.
 */
public enum PortCapability implements MaskBit {
    IS_SM(1, "IsSM"),
    IS_NOTICE_SUPPORTED(2, "IsNoticeSupported"),
    IS_TRAP_SUPPORTED(3, "IsTrapSupported"),
    IS_OPTIONAL_IPD_SUPPORTED(4, "IsOptionalIPDSupported"),
    IS_AUTOMATIC_MIGRATION_SUPPORTED(5, "IsAutomaticMigrationSupported"),
    IS_SL_MAPPING_SUPPORTED(6, "IsSLMappingSupported"),
    IS_MKEY_NVRAM(7, "IsMKeyNVRAM"),
    IS_PKEY_NVRAM(8, "IsPKeyNVRAM"),
    IS_LED_INFO_SUPPORTED(9, "IsLedInfoSupported"),
    IS_SM_DISABLED(10, "IsSMdisabled"),
    IS_SYSTEM_IMAGE_GUID_SUPPORTED(11, "IsSystemImageGUIDsupported"),
    IS_PKEY_SWITCH_EXTERNAL_PORT_TRAP_SUPPORTED(12, "IsPkeySwitchExternalPortTrapSupported"),
    IS_EXTENDED_SPEEDS_SUPPORTED(14, "IsExtendedSpeedsSupported"),
    IS_CAPABILITY_MASK2_SUPPORTED(15, "IsCapabilityMask2Supported"),
    IS_COMMUNICATION_MANAGEMENT_SUPPORTED(16, "IsCommunicatonManagementSupported"),
    IS_SNMP_TUNNELING_SUPPORTED(17, "IsSNMPTunnelingSupported"),
    IS_REINIT_SUPPORTED(18, "IsReinitSupported"),
    IS_DEVICE_MANAGEMENT_SUPPORTED(19, "IsDeviceManagementSupported"),
    IS_VENDOR_CLASS_SUPPORTED(20, "IsVendorClassSupported"),
    IS_DR_NOTICE_SUPPORTED(21, "IsDRNoticeSupported"),
    IS_CAPABILITY_MASK_NOTICE_SUPPORTED(22, "IsCapabilityMaskNoticeSupported"),
    IS_BOOT_MANAGEMENT_SUPPORTED(23, "IsBootManagementSupported"),
    IS_LINK_ROUND_TRIP_LATENCY_SUPPORTED(24, "IsLinkRoundTripLatencySupported"),
    IS_CLIENT_REGISTRATION_SUPPORTED(25, "IsClientRegistrationSupported"),
    IS_OTHER_LOCAL_CHANGES_NOTICE_SUPPORTED(26, "IsOtherLocalChangesNoticeSupported"),
    IS_LINK_SPEED_WIDTH_PAIRS_TABLE_SUPPORTED(27, "IsLinkSpeedWidthPairsTableSupported"),
    IS_VENDOR_SPECIFIC_MADS_TABLE_SUPPORTED(28, "IsVendorSpecificMadsTableSupported"),
    IS_MCAST_PKEY_TRAP_SUPPRESSION_SUPPORTED(29, "IsMcastPkeyTrapSuppressionSupported"),
    IS_MULTICAST_FDB_TOP_SUPPORTED(30, "IsMulticastFDBTopSupported"),
    IS_HIERARCHY_INFO_SUPPORTED(31, "IsHierarchyInfoSupported");

    private final int bit;
    private final String display;

    PortCapability(int bit, String display) {
        this.bit = bit;
        this.display = display;
    }

    /** The named bits set in {@code mask}, in bit order (smpquery's order). */
    public static EnumSet<PortCapability> in(int mask) {
        return MaskBit.in(PortCapability.class, mask);
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
