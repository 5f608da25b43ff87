package io.fabrichealth.probes.bursts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.BitSet;
import java.util.EnumMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * 300k inputs through the burst control-message decoder: random bytes, sound messages of every type with bits
 * flipped, and sound messages with a wrong length. The decoder throws nothing but its typed error, never passes
 * a damaged message, and passes every sound one.
 */
class WireFuzzTest {

    @Test
    void noDamagedMessagePassesAndOnlyTheTypedErrorIsThrown() {
        SplittableRandom random = new SplittableRandom(20261125);
        ByteBuffer b = ByteBuffer.allocateDirect(Wire.SIZE).order(ByteOrder.LITTLE_ENDIAN);
        Map<WireException.Problem, Integer> seen = new EnumMap<>(WireException.Problem.class);
        int inputs = 0;
        for (int i = 0; i < 100_000; i++, inputs++) {
            for (int k = 0; k < Wire.SIZE; k++) {
                b.put(k, (byte) random.nextInt());
            }
            if (random.nextInt(4) == 0) {
                b.putInt(0, Wire.MAGIC).put(4, (byte) Wire.VERSION); // get past the cheap checks
            }
            seen.merge(rejection(b, Wire.SIZE, "random input " + i), 1, Integer::sum);
        }
        int sound = 0;
        for (int i = 0; i < 100_000; i++, inputs++) {
            int type = random.nextInt(Wire.HELLO, Wire.BYE_ACK + 1);
            sound(b, random, type);
            assertThat(Wire.check(b, 0, Wire.SIZE, "fuzz")).isEqualTo(type);
            sound++;
            // Bit flips anywhere in the message, CRC included: one to four, never twice in one bit.
            BitSet flipped = new BitSet();
            int flips = random.nextInt(1, 5);
            for (int f = 0; f < flips; f++) {
                int bit = random.nextInt(Wire.SIZE * 8);
                if (!flipped.get(bit)) {
                    flipped.set(bit);
                    b.put(bit / 8, (byte) (b.get(bit / 8) ^ (1 << (bit % 8))));
                }
            }
            seen.merge(rejection(b, Wire.SIZE, Wire.name(type) + " with " + flipped.cardinality() + " bit(s) flipped"),
                    1, Integer::sum);
        }
        for (int i = 0; i < 100_000; i++, inputs++) {
            sound(b, random, random.nextInt(Wire.HELLO, Wire.BYE_ACK + 1));
            long length = random.nextInt(3) == 0 ? random.nextLong() : random.nextInt(0, Wire.SIZE);
            if (length == Wire.SIZE) {
                length = 0;
            }
            assertThat(rejection(b, length, "length " + length)).isEqualTo(WireException.Problem.WRONG_LENGTH);
            seen.merge(WireException.Problem.WRONG_LENGTH, 1, Integer::sum);
        }
        assertThat(inputs).isGreaterThanOrEqualTo(300_000);
        assertThat(seen).as("%d inputs, %d sound messages passed; rejections", inputs, sound).containsKeys(WireException.Problem.WRONG_LENGTH, WireException.Problem.BAD_MAGIC,
                WireException.Problem.FOREIGN, WireException.Problem.BAD_CRC);
    }

    @Test
    void aDamagedMessageNamesThePeerTheProtocolAndTheType() {
        ByteBuffer b = ByteBuffer.allocateDirect(Wire.SIZE).order(ByteOrder.LITTLE_ENDIAN);
        Wire.write(b, 0, Wire.WELCOME, 0, 0, 1 << 20, 1000, 8, 0);
        Wire.seal(b, 0);
        b.put(30, (byte) (b.get(30) ^ 4));
        assertThatThrownBy(() -> Wire.check(b, 0, Wire.SIZE, "target 127.0.0.1:7471"))
                .isInstanceOf(WireException.class)
                .hasMessageContaining("burst control message WELCOME (type as received) from target 127.0.0.1:7471")
                .hasMessageContaining("bad crc");
        Wire.write(b, 0, Wire.WELCOME, 0, 0, 1 << 20, 1000, 8, 0);
        Wire.seal(b, 0);
        b.put(1, (byte) (b.get(1) ^ 1));
        assertThatThrownBy(() -> Wire.check(b, 0, Wire.SIZE, "target 127.0.0.1:7471"))
                .hasMessageContaining("first bad byte at message offset 1");
    }

    @Test
    void aWaveOneMessageIsAnotherProtocolNotACorruption() {
        ByteBuffer b = ByteBuffer.allocateDirect(Wire.SIZE).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0, Wire.CREDIT).putInt(4, 2).putLong(8, 17); // wave 1: type, slot, seq; no magic, no CRC
        assertThat(rejection(b, Wire.SIZE, "a wave-1 CREDIT")).isEqualTo(WireException.Problem.FOREIGN);
        Wire.write(b, 0, Wire.CREDIT, 2, 17, 0, 0, 0, 0);
        Wire.seal(b, 0);
        b.put(0, (byte) (b.get(0) ^ 0x10)); // one flipped bit in the magic is damage
        assertThat(rejection(b, Wire.SIZE, "a flipped magic")).isEqualTo(WireException.Problem.BAD_MAGIC);
    }

    private static void sound(ByteBuffer b, SplittableRandom random, int type) {
        Wire.write(b, 0, type, random.nextInt(64), random.nextLong(), random.nextLong(), random.nextLong(),
                random.nextLong(), random.nextLong());
        if (random.nextBoolean()) {
            Wire.text(b, 0, "127.0.0.1:" + random.nextInt(65536) + "\n" + random.nextLong());
        }
        if (random.nextBoolean()) {
            byte[] address = new byte[random.nextInt(Wire.ADDRESS_MAX + 1)];
            random.nextBytes(address);
            Wire.address(b, 0, address);
        }
        Wire.seal(b, 0);
    }

    private static WireException.Problem rejection(ByteBuffer b, long length, String what) {
        try {
            Wire.check(b, 0, length, "fuzz");
        } catch (WireException e) {
            return e.problem();
        }
        throw new AssertionError(what + " passed the check");
    }
}
