package io.fabrichealth.probes.mad;

import java.nio.ByteBuffer;

/**
 * The PortInfo attribute (0x15, IBA 14.2.5.6); the attribute modifier of the request is the port number.
 * Every field is kept as the raw number from the wire; the enum accessors below name them. IBA C14-24.2.1
 * lets a port in state Down return junk in everything except PortState and PortPhysicalState.
 *
 * @param capabilityMask on a switch, only port 0 reports it (external ports read 0)
 * @param linkWidthEnabled mask of {@link LinkWidth} bits
 * @param linkWidthSupported mask of {@link LinkWidth} bits
 * @param linkWidthActive one {@link LinkWidth} bit
 * @param linkSpeedSupported mask: 1 SDR, 2 DDR, 4 QDR
 * @param linkSpeedActive one of 1 SDR, 2 DDR, 4 QDR (0: see LinkSpeedExtActive)
 * @param linkSpeedEnabled mask, like Supported; ibsim may report Active above Enabled
 * @param localPhyErrorsThreshold LocalPhyErrors: the threshold of local physical errors before the port trains again
 * @param overrunErrorsThreshold OverrunErrors: the threshold of buffer overruns
 * @param linkSpeedExtActive 1 FDR, 2 EDR, 4 HDR, 8 NDR
 * @param linkSpeedExtSupported mask, like Active
 * @param linkSpeedExtEnabled 5-bit mask; 30 means extended speeds disabled
 */
public record PortInfo(long mKey, long gidPrefix, int lid, int masterSmLid, int capabilityMask, int diagCode,
        int mKeyLeasePeriod, int localPortNum, int linkWidthEnabled, int linkWidthSupported, int linkWidthActive,
        int linkSpeedSupported, int portState, int physicalState, int linkDownDefaultState, int mKeyProtectBits,
        int lmc, int linkSpeedActive, int linkSpeedEnabled, int neighborMtu, int masterSmSl, int vlCap,
        int initType, int vlHighLimit, int vlArbitrationHighCap, int vlArbitrationLowCap, int initTypeReply,
        int mtuCap, int vlStallCount, int hoqLife, int operationalVls, boolean partitionEnforcementInbound,
        boolean partitionEnforcementOutbound, boolean filterRawInbound, boolean filterRawOutbound,
        int mKeyViolations, int pKeyViolations, int qKeyViolations, int guidCap, boolean clientReregister,
        int multicastPKeyTrapSuppressionEnabled, int subnetTimeout, int respTimeValue,
        int localPhyErrorsThreshold, int overrunErrorsThreshold, int maxCreditHint, int linkSpeedExtActive2,
        int linkSpeedExtSupported2, int linkSpeedExtEnabled2, int linkRoundTripLatency, int capabilityMask2,
        int linkSpeedExtActive, int linkSpeedExtSupported, int linkSpeedExtEnabled) implements MadAttribute {

    public static final int ATTRIBUTE_ID = 0x15;

    public static PortInfo decode(ByteBuffer buf, int offset) throws MadDecodeException {
        return read(ResponseCheck.smp(MadReader.of(buf, offset), ATTRIBUTE_ID, "PortInfo"));
    }

    public static PortInfo decode(byte[] bytes, int offset) throws MadDecodeException {
        return read(ResponseCheck.smp(MadReader.of(bytes, offset), ATTRIBUTE_ID, "PortInfo"));
    }

    static PortInfo read(MadReader r) {
        int d = Mad.DATA_OFFSET;
        return new PortInfo(
                r.u64(d), r.u64(d + 8), r.u16(d + 16), r.u16(d + 18), (int) r.u32(d + 20), r.u16(d + 24),
                r.u16(d + 26), r.u8(d + 28), r.u8(d + 29), r.u8(d + 30), r.u8(d + 31),
                r.bits(d + 32, 0, 4), r.bits(d + 32, 4, 4),        // LinkSpeedSupported, PortState
                r.bits(d + 33, 0, 4), r.bits(d + 33, 4, 4),        // PortPhysicalState, LinkDownDefaultState
                r.bits(d + 34, 0, 2), r.bits(d + 34, 5, 3),        // M_KeyProtectBits, LMC
                r.bits(d + 35, 0, 4), r.bits(d + 35, 4, 4),        // LinkSpeedActive, LinkSpeedEnabled
                r.bits(d + 36, 0, 4), r.bits(d + 36, 4, 4),        // NeighborMTU, MasterSMSL
                r.bits(d + 37, 0, 4), r.bits(d + 37, 4, 4),        // VLCap, InitType
                r.u8(d + 38), r.u8(d + 39), r.u8(d + 40),
                r.bits(d + 41, 0, 4), r.bits(d + 41, 4, 4),        // InitTypeReply, MTUCap
                r.bits(d + 42, 0, 3), r.bits(d + 42, 3, 5),        // VLStallCount, HOQLife
                r.bits(d + 43, 0, 4), r.bit(d + 43, 4), r.bit(d + 43, 5), r.bit(d + 43, 6), r.bit(d + 43, 7),
                r.u16(d + 44), r.u16(d + 46), r.u16(d + 48), r.u8(d + 50),
                r.bit(d + 51, 0), r.bits(d + 51, 1, 2), r.bits(d + 51, 3, 5),
                r.bits(d + 52, 3, 5),                               // RespTimeValue
                r.bits(d + 53, 0, 4), r.bits(d + 53, 4, 4),        // LocalPhyErrors, OverrunErrors
                r.u16(d + 54),
                r.bits(d + 56, 1, 2), r.bits(d + 56, 3, 2), r.bits(d + 56, 5, 3), // LinkSpeedExt*2 (XDR)
                r.u24(d + 57), r.u16(d + 60),
                r.bits(d + 62, 0, 4), r.bits(d + 62, 4, 4), r.bits(d + 63, 3, 5));
    }

    public PortState state() {
        return PortState.of(portState);
    }

    public PhysState physState() {
        return PhysState.of(physicalState);
    }

    public LinkDownDefaultState linkDownDefault() {
        return LinkDownDefaultState.of(linkDownDefaultState);
    }

    public LinkWidth activeWidth() {
        return LinkWidth.of(linkWidthActive);
    }

    /**
     * The active lane speed, as iblinkinfo decides it. For a switch port pass
     * {@code switchPort0.isExtendedSpeedsSupported()}: external switch ports carry no capability mask.
     */
    public LinkSpeed activeSpeed(boolean extendedSpeedsSupported) {
        return LinkSpeed.active(linkSpeedActive, linkSpeedExtActive, linkSpeedExtActive2, extendedSpeedsSupported);
    }

    public boolean isExtendedSpeedsSupported() {
        return has(PortCapability.IS_EXTENDED_SPEEDS_SUPPORTED);
    }

    public boolean has(PortCapability capability) {
        return capability.isIn(capabilityMask);
    }

    public boolean has(PortCapability2 capability) {
        return capability.isIn(capabilityMask2);
    }
}
