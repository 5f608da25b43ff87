package io.fabrichealth.probes.pingpong;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.EnumMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * 300k inputs through the decoder: random bytes, and sound headers with random bytes changed or cut short. The
 * decoder never throws, never accepts a damaged header, and accepts every sound one.
 */
class HeaderFuzzTest {
    private static final int MAX = 1 << 16;

    @Test
    void noDamagedHeaderDecodesAndNothingThrows() {
        SplittableRandom random = new SplittableRandom(20261121);
        ByteBuffer b = ByteBuffer.allocateDirect(256).order(ByteOrder.LITTLE_ENDIAN);
        Header writer = new Header();
        Header decoder = new Header();
        Map<HeaderProblem, Integer> seen = new EnumMap<>(HeaderProblem.class);
        int inputs = 0;
        int sound = 0;
        for (int i = 0; i < 100_000; i++, inputs++) {
            int len = random.nextInt(0, 257);
            for (int k = 0; k < len; k++) {
                b.put(k, (byte) random.nextInt());
            }
            if (random.nextInt(4) == 0) {
                b.putInt(0, Header.MAGIC).put(4, (byte) Header.VERSION); // get past the cheap checks
            }
            HeaderProblem p = decoder.decode(b, 0, len, MAX);
            assertThat(p).as("random input %d of %d bytes", i, len).isNotNull();
            seen.merge(p, 1, Integer::sum);
        }
        for (int i = 0; i < 100_000; i++, inputs++) {
            int len = random.nextInt(48, 257);
            writer.write(b, 0, Header.REQUEST, random.nextInt(64), random.nextInt(), len, random.nextLong(0,
                    Long.MAX_VALUE), random.nextInt(1024), 64, random.nextLong());
            assertThat(decoder.decode(b, 0, len, MAX)).isNull();
            sound++;
            int changes = random.nextInt(1, 5);
            java.util.BitSet changed = new java.util.BitSet();
            for (int c = 0; c < changes; c++) {
                int at = random.nextInt(48);
                if (!changed.get(at)) { // one change per byte: two could cancel out
                    changed.set(at);
                    b.put(at, (byte) (b.get(at) ^ random.nextInt(1, 256)));
                }
            }
            HeaderProblem p = decoder.decode(b, 0, len, MAX);
            assertThat(p).as("sound header with %d byte(s) changed", changes).isNotNull();
            seen.merge(p, 1, Integer::sum);
        }
        for (int i = 0; i < 100_000; i++, inputs++) {
            int len = random.nextInt(48, 257);
            writer.write(b, 0, Header.ACK, random.nextInt(64), random.nextInt(), len, i, 0, 0, 0);
            int cut = random.nextInt(0, len);
            HeaderProblem p = decoder.decode(b, 0, cut, MAX);
            assertThat(p).as("header of %d cut to %d", len, cut).isEqualTo(HeaderProblem.TRUNCATED);
            seen.merge(p, 1, Integer::sum);
        }
        assertThat(inputs).isGreaterThanOrEqualTo(300_000);
        assertThat(seen).as("%d inputs, %d sound headers accepted; rejections", inputs, sound).containsKeys(HeaderProblem.TRUNCATED, HeaderProblem.BAD_MAGIC, HeaderProblem.BAD_VERSION,
                HeaderProblem.BAD_CRC);
    }
}
