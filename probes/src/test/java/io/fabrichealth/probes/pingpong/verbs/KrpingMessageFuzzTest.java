package io.fabrichealth.probes.pingpong.verbs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.BitSet;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * 200k inputs through the krping control-message decoder: random bytes and sound messages with bits flipped.
 * Nothing but the typed error is thrown, no damaged message passes, and every sound one does; a wave-1 message
 * (magic "FHKR") is another protocol, never a Corruption.
 */
class KrpingMessageFuzzTest {

    @Test
    void noDamagedMessagePassesAndOnlyTheTypedErrorIsThrown() {
        SplittableRandom random = new SplittableRandom(20261125);
        ByteBuffer b = ByteBuffer.allocateDirect(KrpingMessage.SIZE).order(ByteOrder.LITTLE_ENDIAN);
        int inputs = 0;
        for (int i = 0; i < 100_000; i++, inputs++) {
            for (int k = 0; k < KrpingMessage.SIZE; k++) {
                b.put(k, (byte) random.nextInt());
            }
            if (random.nextInt(4) == 0) {
                b.putInt(0, KrpingMessage.MAGIC);
            }
            int length = random.nextInt(8) == 0 ? random.nextInt(0, 64) : KrpingMessage.SIZE;
            assertThat(passes(b, length)).as("random input %d", i).isFalse();
        }
        for (int i = 0; i < 100_000; i++, inputs++) {
            int type = random.nextInt(KrpingMessage.SOURCE, KrpingMessage.GO_WRITE + 1);
            KrpingMessage.write(b, 0, type, random.nextLong(), random.nextInt(), random.nextInt(), random.nextLong());
            assertThat(KrpingMessage.check(b, 0, KrpingMessage.SIZE, "fuzz")).isEqualTo(type);
            BitSet flipped = new BitSet();
            for (int f = random.nextInt(1, 5); f > 0; f--) {
                int bit = random.nextInt(KrpingMessage.SIZE * 8);
                if (!flipped.get(bit)) {
                    flipped.set(bit);
                    b.put(bit / 8, (byte) (b.get(bit / 8) ^ (1 << (bit % 8))));
                }
            }
            assertThat(passes(b, KrpingMessage.SIZE)).as("%s with bits %s flipped", KrpingMessage.name(type), flipped)
                    .isFalse();
        }
        assertThat(inputs).isGreaterThanOrEqualTo(200_000);
        b.putInt(0, 0x524b4846).putInt(4, KrpingMessage.SOURCE); // wave 1: "FHKR", type as an int, no CRC
        assertThat(KrpingMessage.check(b, 0, 32, "an older agent")).isEqualTo(KrpingMessage.FOREIGN);
    }

    /** Passed as a message of ours; FOREIGN (another protocol or version) is a rejection too. */
    private static boolean passes(ByteBuffer b, int length) {
        try {
            return KrpingMessage.check(b, 0, length, "fuzz") != KrpingMessage.FOREIGN;
        } catch (KrpingMessage.Damaged e) {
            return false;
        }
    }
}
