package io.fabrichealth.jni.fabric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * DirectBytes.same answers what ByteBuffer.mismatch answers, DirectBytes.copy does what ByteBuffer.put does, at any
 * offset, and both refuse what C cannot read.
 */
class DirectBytesTest {
    private static ByteBuffer random(int n, long seed) {
        ByteBuffer b = ByteBuffer.allocateDirect(n);
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < n; i++) {
            b.put(i, (byte) r.nextInt());
        }
        return b;
    }

    @Test
    void equalRangesAtUnalignedOffsetsAreTheSameAndOneFlippedByteAnywhereIsNot() {
        ByteBuffer source = random(70_000, 7);
        ByteBuffer copy = ByteBuffer.allocateDirect(70_000);
        copy.put(13, source, 1001, 65_536);
        assertThat(DirectBytes.same(copy, 13, source, 1001, 65_536)).isTrue();
        for (int at : new int[] {0, 1, 31, 32_768, 65_535}) {
            copy.put(13 + at, (byte) ~copy.get(13 + at));
            assertThat(DirectBytes.same(copy, 13, source, 1001, 65_536)).as("byte %d flipped", at).isFalse();
            copy.put(13 + at, (byte) ~copy.get(13 + at));
        }
        assertThat(DirectBytes.same(copy, 13, source, 1001, 0)).isTrue();
    }

    @Test
    void aHeapBufferIsRefusedBeforeAnyNativeCall() {
        assertThatThrownBy(() -> DirectBytes.same(ByteBuffer.allocate(16), 0, ByteBuffer.allocateDirect(16), 0, 16))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the first is a heap buffer");
    }

    @Test
    void aRangePastTheEndIsRefused() {
        assertThatThrownBy(() -> DirectBytes.same(ByteBuffer.allocateDirect(16), 0, ByteBuffer.allocateDirect(16), 8, 9))
                .isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("range [8, +9) is outside the second buffer's 16 bytes");
    }

    @Test
    void spansCompareLikeTheirBuffersAndCheckRangesInJava() {
        ByteBuffer source = random(70_000, 11);
        ByteBuffer target = ByteBuffer.allocateDirect(70_000);
        target.put(13, source, 1001, 65_536);
        DirectBytes.Span from = DirectBytes.span(source);
        DirectBytes.Span to = DirectBytes.span(target);
        assertThat(DirectBytes.same(to, 13, from, 1001, 65_536)).isTrue();
        target.put(13 + 40_000, (byte) ~target.get(13 + 40_000));
        assertThat(DirectBytes.same(to, 13, from, 1001, 65_536)).isFalse();
        assertThatThrownBy(() -> DirectBytes.same(to, 13, from, 5_000, 65_536))
                .isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("range [5000, +65536) is outside the second buffer's 70000 bytes");
        assertThatThrownBy(() -> DirectBytes.span(ByteBuffer.allocate(16)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("heap buffer");
    }

    @Test
    void copyWritesExactlyTheRangeAsPutWouldAndRefusesARangePastTheEnd() {
        ByteBuffer source = random(70_000, 13);
        ByteBuffer byCopy = random(70_000, 17);
        ByteBuffer byPut = random(70_000, 17);
        DirectBytes.copy(DirectBytes.span(source), 1001, DirectBytes.span(byCopy), 13, 65_536);
        byPut.put(13, source, 1001, 65_536);
        assertThat(byCopy.mismatch(byPut)).as("first differing byte").isEqualTo(-1);
        assertThatThrownBy(() -> DirectBytes.copy(DirectBytes.span(source), 0, DirectBytes.span(byCopy), 69_999, 2))
                .isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("range [69999, +2) is outside the destination buffer's 70000 bytes");
    }
}
