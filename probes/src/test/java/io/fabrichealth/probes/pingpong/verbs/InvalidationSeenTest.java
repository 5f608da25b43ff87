package io.fabrichealth.probes.pingpong.verbs;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.jni.verbs.Completions;
import org.junit.jupiter.api.Test;

/**
 * How the client reads a server_inv go-ahead: the receive completion must say it invalidated exactly the rkey the
 * client announced. The completions here are the values the guest's rxe produced (wc_flags 0x5) and what
 * libibverbs documents (IBV_WC_WITH_INV).
 */
class InvalidationSeenTest {
    private static final int RKEY = 0x08000d38;

    @Test
    void theDocumentedFlagWithTheSameRkeyIsAnInvalidation() {
        assertThat(receive(Completions.WITH_INV, RKEY).invalidated(RKEY)).isTrue();
    }

    @Test
    void rxesKernelFlagWithTheSameRkeyIsAnInvalidation() {
        assertThat(receive(0x5, RKEY).invalidated(RKEY)).as("IB_WC_GRH | the kernel's IB_WC_WITH_INVALIDATE").isTrue();
    }

    @Test
    void anotherRkeyOrNoFlagIsNot() {
        assertThat(receive(0x5, RKEY - 1).invalidated(RKEY)).as("the previous key").isFalse();
        assertThat(receive(Completions.WITH_INV, 0).invalidated(RKEY)).isFalse();
        assertThat(receive(0x1, RKEY).invalidated(RKEY)).as("a plain SEND whose immediate field matches").isFalse();
    }

    private static WorkQueue.Done receive(int flags, int rkey) {
        return new WorkQueue.Done(1, Completions.RECV, 40, flags, rkey);
    }
}
