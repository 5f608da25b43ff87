package io.fabrichealth.probes.mad;

import java.nio.ByteBuffer;

/**
 * The SwitchInfo attribute (0x12 in the SMP class, IBA 14.2.5.4).
 *
 * @param portStateChange set by the switch when any of its ports changed state, cleared by the SM:
 *     a cheap "something moved" signal for a monitor that polls only port 0
 * @param lifeTimeValue the 5-bit LifeTimeValue exponent
 */
public record SwitchInfo(int linearFdbCap, int randomFdbCap, int multicastFdbCap, int linearFdbTop,
        int defaultPort, int defaultMulticastPrimaryPort, int defaultMulticastNotPrimaryPort,
        int lifeTimeValue, boolean portStateChange, int optimizedSlToVlMappingProgramming, int lidsPerPort,
        int partitionEnforcementCap, boolean inboundEnforcementCap, boolean outboundEnforcementCap,
        boolean filterRawInboundCap, boolean filterRawOutboundCap, boolean enhancedPort0,
        int multicastFdbTop) implements MadAttribute {

    public static final int ATTRIBUTE_ID = 0x12;

    public static SwitchInfo decode(ByteBuffer buf, int offset) throws MadDecodeException {
        return read(ResponseCheck.smp(MadReader.of(buf, offset), ATTRIBUTE_ID, "SwitchInfo"));
    }

    public static SwitchInfo decode(byte[] bytes, int offset) throws MadDecodeException {
        return read(ResponseCheck.smp(MadReader.of(bytes, offset), ATTRIBUTE_ID, "SwitchInfo"));
    }

    static SwitchInfo read(MadReader r) {
        int d = Mad.DATA_OFFSET;
        return new SwitchInfo(r.u16(d), r.u16(d + 2), r.u16(d + 4), r.u16(d + 6), r.u8(d + 8), r.u8(d + 9),
                r.u8(d + 10), r.bits(d + 11, 0, 5), r.bit(d + 11, 5), r.bits(d + 11, 6, 2), r.u16(d + 12),
                r.u16(d + 14), r.bit(d + 16, 0), r.bit(d + 16, 1), r.bit(d + 16, 2), r.bit(d + 16, 3),
                r.bit(d + 16, 4), r.u16(d + 18));
    }
}
