package io.fabrichealth.jni;

import java.nio.ByteBuffer;

/**
 * Hand-built Get requests for the transport tests (the real codec lives in probes). Layout per
 * IBA vol. 1, 14.2.1: common header (24 bytes), then for SMPs M_Key at 24, the directed-route
 * fields at 32..35, SMP data at 64..127, initial path at 128, return path at 192; PMA data
 * starts at 64 as well.
 */
final class TestMads {
    static final int NODE_INFO = 0x11;
    static final int CLASS_PORT_INFO = 0x01;
    /** NodeInfo.NodeGUID: SMP data + 12. */
    static final int NODE_GUID_OFFSET = 64 + 12;
    static final byte GET = 0x01;
    static final byte GET_RESP = (byte) 0x81;

    private TestMads() {
    }

    /** Directed-route NodeInfo Get along {@code path} (out-ports; empty = the local port). */
    static ByteBuffer drNodeInfo(long tid, int... path) {
        ByteBuffer mad = header(UmadPort.CLASS_SMP_DIRECTED_ROUTE, tid, NODE_INFO);
        mad.put(7, (byte) path.length); // hop count; hop pointer (6) stays 0
        mad.putShort(32, (short) 0xFFFF).putShort(34, (short) 0xFFFF); // DrSLID, DrDLID permissive
        for (int hop = 0; hop < path.length; hop++) {
            mad.put(128 + 1 + hop, (byte) path[hop]); // initial path, entry 0 unused
        }
        return mad;
    }

    /** LID-routed NodeInfo Get. */
    static ByteBuffer lidNodeInfo(long tid) {
        return header(UmadPort.CLASS_SMP_LID_ROUTED, tid, NODE_INFO);
    }

    /** PerfMgt ClassPortInfo Get. */
    static ByteBuffer pmaClassPortInfo(long tid) {
        return header(UmadPort.CLASS_PERF_MGT, tid, CLASS_PORT_INFO);
    }

    private static ByteBuffer header(int mgmtClass, long tid, int attribute) {
        ByteBuffer mad = ByteBuffer.allocateDirect(UmadPort.MAD_SIZE);
        mad.put(0, (byte) 1).put(1, (byte) mgmtClass).put(2, (byte) 1).put(3, GET);
        mad.putLong(8, tid).putShort(16, (short) attribute);
        return mad;
    }
}
