package io.fabrichealth.probes.mad;

import java.nio.ByteBuffer;

/**
 * The common MAD header, bytes 0-23 (IBA 13.4.3).
 *
 * @param status the MAD status as IBA defines it for the class: for a directed-route SMP only the low
 *     15 bits, because bit 15 there is the D (direction) bit, which is set in every DR response;
 *     see {@link SmpHeader#returning()}
 * @param classSpecific bytes 6-7; for a directed-route SMP these hold the hop pointer and hop count
 * @param attributeModifier an unsigned 32-bit value kept as its bit pattern
 */
public record MadHeader(int baseVersion, int mgmtClass, int classVersion, int method, int status,
        int classSpecific, long transactionId, int attributeId, int attributeModifier) {

    /** Reads the header of the 256-byte MAD at {@code offset}; checks only that all 256 bytes are there. */
    public static MadHeader decode(ByteBuffer buf, int offset) throws MadDecodeException {
        return read(MadReader.of(buf, offset));
    }

    public static MadHeader decode(byte[] bytes, int offset) throws MadDecodeException {
        return read(MadReader.of(bytes, offset));
    }

    static MadHeader read(MadReader r) {
        int mgmtClass = r.u8(1);
        int rawStatus = r.u16(4);
        int status = mgmtClass == Mad.CLASS_SUBN_DIRECTED_ROUTE ? rawStatus & 0x7FFF : rawStatus;
        return new MadHeader(r.u8(0), mgmtClass, r.u8(2), r.u8(3), status, r.u16(6), r.u64(8),
                r.u16(16), (int) r.u32(20));
    }

    /** Bit 7 of the method byte: set on every response. */
    public boolean isResponse() {
        return (method & 0x80) != 0;
    }

    /**
     * Whether this MAD carries the TID of a request sent with {@code sentTransactionId}. Only the low
     * 32 bits are compared: the kernel MAD layer (and umad2sim) put the agent id in the high 32 bits
     * of every request on its way out, so a response never echoes them unchanged.
     */
    public boolean answers(long sentTransactionId) {
        return (int) transactionId == (int) sentTransactionId;
    }
}
