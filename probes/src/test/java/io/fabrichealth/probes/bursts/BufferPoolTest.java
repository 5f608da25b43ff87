package io.fabrichealth.probes.bursts;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class BufferPoolTest {

    @Test
    void aReturnedBufferIsReusedAndComesBackZeroed() {
        int size = 200_003; // a size no other test uses, so the pool's other buffers stay out of the way
        ByteBuffer first = BufferPool.take(size);
        for (int i = 0; i < size; i++) {
            first.put(i, (byte) 0x5a);
        }
        BufferPool.give(first);

        ByteBuffer again = BufferPool.take(size);

        assertThat(again).as("the same memory, not a new allocation").isSameAs(first);
        assertThat(again.position()).isZero();
        assertThat(again.limit()).isEqualTo(size);
        for (int i = 0; i < size; i++) {
            assertThat(again.get(i)).as("byte %d: an earlier burst's payload must not survive", i).isZero();
        }
        BufferPool.give(again);
    }

    @Test
    void thePoolKeepsAtMost64MiB() {
        ByteBuffer[] many = new ByteBuffer[40];
        for (int i = 0; i < many.length; i++) {
            many[i] = BufferPool.take(2 << 20);
        }
        for (ByteBuffer b : many) {
            BufferPool.give(b);
        }
        assertThat(BufferPool.pooledBytes()).isLessThanOrEqualTo(64L << 20);
    }

    @Test
    void buffersStartOnAPageAsTheCBaselinesDo() {
        ByteBuffer b = BufferPool.take(66_560);
        assertThat(b.alignmentOffset(0, 4096)).as("bytes past a page boundary").isZero();
        assertThat(b.capacity()).isEqualTo(66_560);
        BufferPool.give(b);
    }
}
