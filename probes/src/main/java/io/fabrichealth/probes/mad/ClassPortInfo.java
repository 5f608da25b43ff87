package io.fabrichealth.probes.mad;

import java.nio.ByteBuffer;

/**
 * ClassPortInfo (attribute 0x01, IBA 13.4.8.1) of the PerfMgt class, version 1: what the PMA of a port
 * can do, and where to send PMA requests when it redirects them.
 *
 * @param capabilityMask see {@link PmaCapability}
 * @param capabilityMask2 27 bits; see {@link PmaCapability2}
 * @param respTimeValue response time exponent: 4.096 us * 2^value
 * @param redirectQueuePair 24 bits
 * @param redirectQKey unsigned 32-bit pattern
 * @param trapQKey unsigned 32-bit pattern
 */
public record ClassPortInfo(int baseVersion, int classVersion, int capabilityMask, int capabilityMask2,
        int respTimeValue, long redirectGidPrefix, long redirectGidGuid, int redirectTrafficClass,
        int redirectServiceLevel, int redirectFlowLabel, int redirectLid, int redirectPKey,
        int redirectQueuePair, int redirectQKey, long trapGidPrefix, long trapGidGuid, int trapTrafficClass,
        int trapServiceLevel, int trapFlowLabel, int trapLid, int trapPKey, int trapHopLimit,
        int trapQueuePair, int trapQKey) implements MadAttribute {

    public static final int ATTRIBUTE_ID = 0x01;

    public static ClassPortInfo decode(ByteBuffer buf, int offset) throws MadDecodeException {
        return read(ResponseCheck.pma(MadReader.of(buf, offset), ATTRIBUTE_ID, "ClassPortInfo"));
    }

    public static ClassPortInfo decode(byte[] bytes, int offset) throws MadDecodeException {
        return read(ResponseCheck.pma(MadReader.of(bytes, offset), ATTRIBUTE_ID, "ClassPortInfo"));
    }

    static ClassPortInfo read(MadReader r) {
        int d = Mad.DATA_OFFSET;
        long capMask2AndRespTime = r.u32(d + 4);
        return new ClassPortInfo(r.u8(d), r.u8(d + 1), r.u16(d + 2), (int) (capMask2AndRespTime >>> 5),
                (int) (capMask2AndRespTime & 0x1F), r.u64(d + 8), r.u64(d + 16), r.u8(d + 24),
                r.bits(d + 25, 0, 4), r.bits(d + 25, 4, 20), r.u16(d + 28), r.u16(d + 30), r.u24(d + 33),
                (int) r.u32(d + 36), r.u64(d + 40), r.u64(d + 48), r.u8(d + 56), r.bits(d + 57, 0, 4),
                r.bits(d + 57, 4, 20), r.u16(d + 60), r.u16(d + 62), r.u8(d + 64), r.u24(d + 65),
                (int) r.u32(d + 68));
    }

    public boolean has(PmaCapability capability) {
        return capability.isIn(capabilityMask);
    }

    public boolean has(PmaCapability2 capability) {
        return capability.isIn(capabilityMask2);
    }

    /** PortCountersExtended (0x1D) answers on this port. */
    public boolean hasExtendedCounters() {
        return has(PmaCapability.EXTENDED_WIDTH) || has(PmaCapability.EXTENDED_WIDTH_NO_IETF);
    }
}
