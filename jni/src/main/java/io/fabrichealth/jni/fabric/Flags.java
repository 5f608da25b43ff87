package io.fabrichealth.jni.fabric;

/** libfabric bit values from fabric.h (1.17), named as there. */
public final class Flags {
    /** enum fi_ep_type: connected. */
    public static final int FI_EP_MSG = 1;
    /** enum fi_ep_type: reliable datagram. */
    public static final int FI_EP_RDM = 3;
    public static final long FI_MSG = 1L << 1;
    public static final long FI_RMA = 1L << 2;
    public static final long FI_READ = 1L << 8;
    public static final long FI_WRITE = 1L << 9;
    public static final long FI_RECV = 1L << 10;
    public static final long FI_SEND = 1L << 11;
    public static final long FI_REMOTE_READ = 1L << 12;
    public static final long FI_REMOTE_WRITE = 1L << 13;
    public static final long FI_COMPLETION = 1L << 24;
    public static final long FI_TRANSMIT_COMPLETE = 1L << 27;
    public static final long FI_DELIVERY_COMPLETE = 1L << 28;
    public static final long FI_SOURCE = 1L << 57;

    public static final long FI_ORDER_RAW = 1L << 1;
    public static final long FI_ORDER_WAW = 1L << 4;
    public static final long FI_ORDER_SAW = 1L << 7;
    public static final long FI_ORDER_SAS = 1L << 8;

    public static final int FI_MR_LOCAL = 1 << 2;
    public static final int FI_MR_VIRT_ADDR = 1 << 4;
    public static final int FI_MR_ALLOCATED = 1 << 5;
    public static final int FI_MR_PROV_KEY = 1 << 6;
    public static final int FI_MR_ENDPOINT = 1 << 9;

    /** fi_addr_t for "no address": what MSG endpoints take. */
    public static final long FI_ADDR_UNSPEC = -1L;

    private Flags() {
    }
}
