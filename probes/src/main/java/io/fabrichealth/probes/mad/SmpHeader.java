package io.fabrichealth.probes.mad;

import java.nio.ByteBuffer;

/**
 * The SMP-specific header (IBA 14.2.1): the M_Key, and for directed-route SMPs the route fields.
 * For a LID-routed SMP the route fields are zero and the paths are empty.
 *
 * @param returning the D bit: set when the SMP travels back to the requester (every DR response)
 * @param drSlid DrSLID, 0xFFFF when the route is directed from the requester on
 * @param drDlid DrDLID, 0xFFFF when the route is directed all the way to the target
 * @param initialPath InitialPath[1..hopCount]: the out-ports, as the request was sent
 * @param returnPath ReturnPath[1..hopCount]: the in-ports recorded on the way; empty for LID-routed SMPs.
 *     Both paths are kept as received, so an entry may be 0 in a malformed or partly routed SMP
 */
public record SmpHeader(MadHeader common, long mKey, boolean directedRoute, boolean returning,
        int hopPointer, int hopCount, int drSlid, int drDlid, DrPath initialPath, DrPath returnPath) {

    static final int MKEY = 24;
    static final int DR_SLID = 32;
    static final int DR_DLID = 34;
    static final int INITIAL_PATH = 128;
    static final int RETURN_PATH = 192;

    /** Decodes the SMP header of the MAD at {@code offset}; refuses anything that is not an SMP. */
    public static SmpHeader decode(ByteBuffer buf, int offset) throws MadDecodeException {
        return read(MadReader.of(buf, offset));
    }

    public static SmpHeader decode(byte[] bytes, int offset) throws MadDecodeException {
        return read(MadReader.of(bytes, offset));
    }

    static SmpHeader read(MadReader r) throws MadDecodeException {
        MadHeader common = MadHeader.read(r);
        if (!Mad.isSubnetManagement(common.mgmtClass())) {
            throw new MadDecodeException(String.format(
                    "MgmtClass 0x%02x is not an SMP (0x01 LID-routed or 0x81 directed-route)", common.mgmtClass()));
        }
        long mKey = r.u64(MKEY);
        if (common.mgmtClass() == Mad.CLASS_SUBN_LID_ROUTED) {
            return new SmpHeader(common, mKey, false, false, 0, 0, 0, 0, DrPath.local(), DrPath.local());
        }
        int hopCount = r.u8(7);
        if (hopCount > DrPath.MAX_HOPS) {
            throw new MadDecodeException("directed-route hop count " + hopCount + " exceeds " + DrPath.MAX_HOPS);
        }
        return new SmpHeader(common, mKey, true, r.bit(4, 0), r.u8(6), hopCount, r.u16(DR_SLID), r.u16(DR_DLID),
                path(r, INITIAL_PATH, hopCount), path(r, RETURN_PATH, hopCount));
    }

    private static DrPath path(MadReader r, int offset, int hops) {
        byte[] ports = new byte[hops];
        for (int i = 0; i < hops; i++) {
            ports[i] = (byte) r.u8(offset + 1 + i);
        }
        return DrPath.recorded(ports);
    }
}
