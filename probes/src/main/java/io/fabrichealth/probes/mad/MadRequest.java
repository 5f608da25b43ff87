package io.fabrichealth.probes.mad;

import java.nio.ByteBuffer;
import java.util.Optional;

/**
 * One Get request, built once by {@link MadRequests} and encoded as often as needed: a sweep keeps its
 * requests and only hands each encode a fresh TID and a buffer slot, so sending allocates nothing.
 * There is no way to make a request with any method other than Get.
 */
public final class MadRequest {

    private static final int NO_PORT_SELECT = -1;

    private final int mgmtClass;
    private final int attributeId;
    private final String attributeName;
    private final int attributeModifier;
    private final int lid;
    private final DrPath path;
    private final long mKey;
    private final int portSelect;

    private MadRequest(int mgmtClass, int attributeId, String attributeName, int attributeModifier, int lid,
            DrPath path, long mKey, int portSelect) {
        this.mgmtClass = mgmtClass;
        this.attributeId = attributeId;
        this.attributeName = attributeName;
        this.attributeModifier = attributeModifier;
        this.lid = lid;
        this.path = path;
        this.mKey = mKey;
        this.portSelect = portSelect;
    }

    static MadRequest smp(int attributeId, String attributeName, int attributeModifier, SmpRoute route) {
        if (route instanceof DrPath directed) {
            return new MadRequest(Mad.CLASS_SUBN_DIRECTED_ROUTE, attributeId, attributeName, attributeModifier,
                    Mad.PERMISSIVE_LID, directed, 0, NO_PORT_SELECT);
        }
        return new MadRequest(Mad.CLASS_SUBN_LID_ROUTED, attributeId, attributeName, attributeModifier,
                ((LidRoute) route).lid(), null, 0, NO_PORT_SELECT);
    }

    static MadRequest pma(int attributeId, String attributeName, int lid, int portSelect) {
        LidRoute.checkUnicast(lid);
        return new MadRequest(Mad.CLASS_PERF_MGMT, attributeId, attributeName, 0, lid, null, 0, portSelect);
    }

    /**
     * The same request carrying an M_Key, for ports whose M_Key protection refuses Gets without it
     * (ProtectBits 2 and 3). SMPs only: PerfMgt has no M_Key.
     */
    public MadRequest withMKey(long newMKey) {
        if (!Mad.isSubnetManagement(mgmtClass)) {
            throw new IllegalStateException(attributeName + " is a PerfMgt request; only SMPs carry an M_Key");
        }
        return new MadRequest(mgmtClass, attributeId, attributeName, attributeModifier, lid, path, newMKey, portSelect);
    }

    /**
     * Writes the 256-byte MAD at {@code dst[offset..offset+255]} (absolute; the buffer's position is not
     * used or moved) and returns 256. The kernel replaces the high 32 bits of the TID with its agent id
     * on the way out, so match responses with {@link #isAnsweredBy} (low 32 bits).
     */
    public int encode(ByteBuffer dst, int offset, long transactionId) {
        MadWriter.open(dst, offset);
        MadWriter.u8(dst, offset, Mad.BASE_VERSION);
        MadWriter.u8(dst, offset + 1, mgmtClass);
        MadWriter.u8(dst, offset + 2, Mad.CLASS_VERSION);
        MadWriter.u8(dst, offset + 3, MadMethods.GET);
        MadWriter.u64(dst, offset + 8, transactionId);
        MadWriter.u16(dst, offset + 16, attributeId);
        MadWriter.u32(dst, offset + 20, Integer.toUnsignedLong(attributeModifier));
        if (Mad.isSubnetManagement(mgmtClass)) {
            MadWriter.u64(dst, offset + SmpHeader.MKEY, mKey);
        }
        if (path != null) {
            // Status 0, D bit 0 (outbound), hop pointer 0; DrSLID = DrDLID = permissive: directed end to end.
            MadWriter.u8(dst, offset + 7, path.hopCount());
            MadWriter.u16(dst, offset + SmpHeader.DR_SLID, Mad.PERMISSIVE_LID);
            MadWriter.u16(dst, offset + SmpHeader.DR_DLID, Mad.PERMISSIVE_LID);
            path.writeTo(dst, offset + SmpHeader.INITIAL_PATH);
        }
        if (portSelect != NO_PORT_SELECT) {
            MadWriter.u8(dst, offset + Mad.DATA_OFFSET + 1, portSelect);
        }
        return Mad.SIZE;
    }

    /** {@link #encode(ByteBuffer, int, long)} for a heap array; wraps it, so prefer the buffer form when sending. */
    public int encode(byte[] dst, int offset, long transactionId) {
        return encode(ByteBuffer.wrap(dst), offset, transactionId);
    }

    /** Whether {@code header} is the GetResp to this request sent with {@code sentTransactionId}. */
    public boolean isAnsweredBy(MadHeader header, long sentTransactionId) {
        return header.isResponse() && header.mgmtClass() == mgmtClass && header.attributeId() == attributeId
                && header.attributeModifier() == attributeModifier && header.answers(sentTransactionId);
    }

    public int mgmtClass() {
        return mgmtClass;
    }

    public int attributeId() {
        return attributeId;
    }

    public int attributeModifier() {
        return attributeModifier;
    }

    /** The DLID for the umad address: the target LID, or the permissive LID 0xFFFF for a directed route. */
    public int destinationLid() {
        return lid;
    }

    /** The remote QP for the umad address: 0 (SMI) for SMPs, 1 (GSI) for PerfMgt. */
    public int remoteQueuePair() {
        return Mad.isSubnetManagement(mgmtClass) ? 0 : 1;
    }

    /** The Q_Key for the umad address: 0 for SMPs, 0x80010000 for PerfMgt. */
    public int remoteQKey() {
        return Mad.isSubnetManagement(mgmtClass) ? 0 : Mad.GSI_QKEY;
    }

    public Optional<DrPath> drPath() {
        return Optional.ofNullable(path);
    }

    @Override
    public String toString() {
        String what = attributeName;
        if (Mad.isSubnetManagement(mgmtClass) && attributeId == PortInfo.ATTRIBUTE_ID) {
            what += ", port " + attributeModifier;
        }
        if (portSelect != NO_PORT_SELECT) {
            what += ", PortSelect " + portSelect;
        }
        return "Get(" + what + ") to " + (path != null ? path : "LID " + lid);
    }
}
