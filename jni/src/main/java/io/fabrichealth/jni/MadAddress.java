package io.fabrichealth.jni;

/**
 * Where a MAD goes: the address part of the umad header (umad_set_addr / umad_set_pkey).
 *
 * @param lid       destination LID, 0xFFFF (permissive) for directed-route SMPs
 * @param qpn       0 for SMPs (QP0), 1 for GSI classes such as PerfMgt (QP1)
 * @param qkey      0 for QP0, {@link #GSI_QKEY} for QP1
 * @param sl        service level
 * @param pkeyIndex P_Key table index (0 = default partition)
 */
public record MadAddress(int lid, int qpn, int qkey, int sl, int pkeyIndex) {
    public static final int PERMISSIVE_LID = 0xFFFF;
    public static final int GSI_QKEY = 0x80010000;

    public MadAddress {
        if (lid < 0 || lid > 0xFFFF) {
            throw new IllegalArgumentException("LID must be 0..0xFFFF, got " + lid);
        }
        if (qpn < 0 || qpn > 0xFFFFFF) {
            throw new IllegalArgumentException("QPN must be 0..0xFFFFFF, got " + qpn);
        }
        if (sl < 0 || sl > 15) {
            throw new IllegalArgumentException("SL must be 0..15, got " + sl);
        }
    }

    /** A LID-routed SMP (class 0x01) to {@code lid}. */
    public static MadAddress lidRoutedSmp(int lid) {
        return new MadAddress(lid, 0, 0, 0, 0);
    }

    /** A directed-route SMP (class 0x81): the path is in the MAD, the LID is permissive. */
    public static MadAddress directedRoute() {
        return new MadAddress(PERMISSIVE_LID, 0, 0, 0, 0);
    }

    /** A GSI MAD (PerfMgt 0x04, ...) to QP1 at {@code lid}. */
    public static MadAddress gsi(int lid) {
        return new MadAddress(lid, 1, GSI_QKEY, 0, 0);
    }
}
