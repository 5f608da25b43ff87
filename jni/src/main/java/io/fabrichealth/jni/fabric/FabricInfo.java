package io.fabrichealth.jni.fabric;

import io.fabrichealth.jni.NativeException;
import io.fabrichealth.jni.NativeHandle;

/**
 * One fi_info entry: the best match fi_getinfo returned for some hints, or the connection request a
 * listener received. Its fields are read once, at creation; close() frees the native copy.
 */
public final class FabricInfo extends NativeHandle {
    static final int V_EP_TYPE = 0;
    static final int V_CAPS = 1;
    static final int V_MODE = 2;
    static final int V_MR_MODE = 3;
    static final int V_MR_KEY_SIZE = 4;
    static final int V_TX_IOV_LIMIT = 5;
    static final int V_RMA_IOV_LIMIT = 6;
    static final int V_RX_IOV_LIMIT = 7;
    static final int V_TX_SIZE = 8;
    static final int V_RX_SIZE = 9;
    static final int V_MSG_ORDER = 10;
    static final int V_TX_OP_FLAGS = 11;
    static final int V_MAX_MSG_SIZE = 12;
    static final int V_ADDR_FORMAT = 13;
    static final int V_SRC_ADDRLEN = 14;
    static final int V_DEST_ADDRLEN = 15;
    static final int V_COUNT = 16;
    static final int T_PROVIDER = 0;
    static final int T_FABRIC = 1;
    static final int T_DOMAIN = 2;

    private final long[] values = new long[V_COUNT];
    private final String provider;
    private final String domainName;

    private FabricInfo(long handle) {
        super(handle, null);
        NativeException.check(values0(handle, values), "fi_info fields");
        provider = text0(handle, T_PROVIDER);
        domainName = text0(handle, T_DOMAIN);
    }

    /**
     * fi_getinfo with the hints; the best match. -FI_ENODATA (no provider matches) is a
     * NativeException whose {@link NativeException#status()} callers treat as "unsupported".
     */
    public static FabricInfo get(FabricHints hints) {
        Fid.ensureLoaded();
        long rc = getinfo0(hints.provider(), hints.type(), hints.caps(), hints.mrMode(), hints.node(),
                hints.service(), hints.source() ? Flags.FI_SOURCE : 0, hints.msgOrder(), hints.txOpFlags());
        return new FabricInfo(NativeException.check(rc, "fi_getinfo(" + hints.provider() + ", " + hints.typeName()
                + ")", status -> status == Status.FI_ENODATA ? "fi_info -p '" + hints.provider()
                        + "' lists what this provider offers" : null));
    }

    /** A connection request's info, which the listener now owns. */
    static FabricInfo adopt(long handle) {
        return new FabricInfo(handle);
    }

    public String provider() {
        return provider;
    }

    public String domainName() {
        return domainName;
    }

    /** enum fi_ep_type: {@link Flags#FI_EP_MSG} or {@link Flags#FI_EP_RDM}. */
    public int endpointType() {
        return (int) values[V_EP_TYPE];
    }

    /** True for a reliable-datagram endpoint, which has an address vector and no connection. */
    public boolean rdm() {
        return values[V_EP_TYPE] == Flags.FI_EP_RDM;
    }

    public long caps() {
        return values[V_CAPS];
    }

    public long mode() {
        return values[V_MODE];
    }

    /** FI_MR_* bits the provider requires: keys, addressing and binding follow from these. */
    public int mrMode() {
        return (int) values[V_MR_MODE];
    }

    public int txIovLimit() {
        return (int) values[V_TX_IOV_LIMIT];
    }

    public int rmaIovLimit() {
        return (int) values[V_RMA_IOV_LIMIT];
    }

    public int rxIovLimit() {
        return (int) values[V_RX_IOV_LIMIT];
    }

    public int txSize() {
        return (int) Math.min(Integer.MAX_VALUE, values[V_TX_SIZE]);
    }

    public int rxSize() {
        return (int) Math.min(Integer.MAX_VALUE, values[V_RX_SIZE]);
    }

    public long msgOrder() {
        return values[V_MSG_ORDER];
    }

    public long txOpFlags() {
        return values[V_TX_OP_FLAGS];
    }

    public long maxMessageSize() {
        return values[V_MAX_MSG_SIZE];
    }

    public int mrKeySize() {
        return (int) values[V_MR_KEY_SIZE];
    }

    /** Raw source address (the listener's, after FI_SOURCE), or null. */
    public byte[] sourceAddress() {
        return address0(handle(), false);
    }

    /** Raw destination address (the peer named in the hints), or null. */
    public byte[] destinationAddress() {
        return address0(handle(), true);
    }

    /** fi_strerror text of a status. */
    public static String describe(int status) {
        Fid.ensureLoaded();
        return strerror0(status);
    }

    @Override
    protected int release(long handle) {
        freeinfo0(handle);
        return 0;
    }

    @Override
    protected String closeCall() {
        return "fi_freeinfo";
    }

    @Override
    public String toString() {
        return provider + " " + endpointType() + " on " + domainName + " (iov_limit " + txIovLimit() + ", mr_mode 0x"
                + Integer.toHexString(mrMode()) + ")";
    }

    private static native long getinfo0(String provider, int epType, long caps, int mrMode, String node,
            String service, long flags, long msgOrder, long txOpFlags);

    private static native void freeinfo0(long info);

    private static native int values0(long info, long[] out);

    private static native String text0(long info, int which);

    private static native byte[] address0(long info, boolean dest);

    private static native String strerror0(int status);
}
