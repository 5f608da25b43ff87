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
        return new MadReceipt((int) (packed >>> 48) & 0x1FF, (int) (packed >>> 16) & 0xFFFF,
                (int) (packed >>> 32) & 0xFFFF, (int) packed & 0xFFFF);
    }

    /** The bytes are our own request, returned because no answer came. */
    public boolean timedOut() {
        return status == STATUS_TIMED_OUT;
    }
}
