package io.fabrichealth.jni;

/**
 * What {@link UmadPort#recv} got besides the MAD bytes.
 *
 * @param length    MAD bytes written into the buffer
 * @param status    umad_status: 0, or an errno such as 110 (ETIMEDOUT) when the request came
 *                  back unanswered (ibsim dropped it, or the kernel's send timeout expired)
 * @param agentId   agent the MAD was delivered to
 * @param remoteLid source LID of the MAD (host order)
 */
public record MadReceipt(int length, int status, int agentId, int remoteLid) {
    public static final int STATUS_TIMED_OUT = 110;

    /** Decodes recv0's packed result: see umad_port.c for the layout. */
    static MadReceipt unpack(long packed) {
        return new MadReceipt(packedLength(packed), packedStatus(packed), packedAgentId(packed),
                packedRemoteLid(packed));
    }

    /** This receipt packed as recv0 packs it (the inverse of {@link #unpack}). */
    public long packed() {
        return ((long) (length & 0x1FF) << 48) | ((long) (agentId & 0xFFFF) << 32) | ((long) (status & 0xFFFF) << 16)
                | (remoteLid & 0xFFFF);
    }

    /** MAD bytes written, from a packed receipt ({@link UmadPort#recvBatch}'s slots): no object per MAD. */
    public static int packedLength(long packed) {
        return (int) (packed >>> 48) & 0x1FF;
    }

    /** umad_status from a packed receipt. */
    public static int packedStatus(long packed) {
        return (int) (packed >>> 16) & 0xFFFF;
    }

    /** Agent id from a packed receipt. */
    public static int packedAgentId(long packed) {
        return (int) (packed >>> 32) & 0xFFFF;
    }

    /** Source LID from a packed receipt. */
    public static int packedRemoteLid(long packed) {
        return (int) packed & 0xFFFF;
    }

    /** The bytes are our own request, returned because no answer came. */
    public boolean timedOut() {
        return status == STATUS_TIMED_OUT;
    }
}
