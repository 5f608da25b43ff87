package io.fabrichealth.probes.mad;

/** Sizes, classes and addresses shared by every MAD this package reads or writes (IBA 13.4, 14.2, 16.1). */
public final class Mad {

    /** Every SMP and PerfMgt MAD is exactly this long. */
    public static final int SIZE = 256;
    /** The only MAD base version defined for InfiniBand. */
    public static final int BASE_VERSION = 1;
    /** SMP data (LID-routed and directed-route) and PerfMgt data both start at this byte. */
    public static final int DATA_OFFSET = 64;

    /** Subnet management, LID-routed SMP. */
    public static final int CLASS_SUBN_LID_ROUTED = 0x01;
    /** Subnet management, directed-route SMP. */
    public static final int CLASS_SUBN_DIRECTED_ROUTE = 0x81;
    /** Performance management (PMA), a GMP on QP1. */
    public static final int CLASS_PERF_MGMT = 0x04;

    /** The class version of SMPs and of PerfMgt MADs. */
    public static final int CLASS_VERSION = 1;

    /** The LID a directed-route SMP is addressed to at the umad layer. */
    public static final int PERMISSIVE_LID = 0xFFFF;
    /** The well-known Q_Key of QP1 (GSI), as an unsigned 32-bit pattern. */
    public static final int GSI_QKEY = 0x80010000;

    private Mad() {
    }

    /** True for both SMP classes. */
    public static boolean isSubnetManagement(int mgmtClass) {
        return mgmtClass == CLASS_SUBN_LID_ROUTED || mgmtClass == CLASS_SUBN_DIRECTED_ROUTE;
    }
}
