package io.fabrichealth.probes.pingpong;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.Arrays;
import java.util.BitSet;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * 300k inputs through the ping-pong control-frame decoder: random bytes, sound frames of every kind with bits
 * flipped, and sound frames cut short. Nothing is thrown but the typed error (or end of stream for a cut frame),
 * no damaged frame passes, and every sound one does.
 */
class ControlFrameFuzzTest {

    @Test
    void noDamagedFramePassesAndOnlyTheTypedErrorIsThrown() throws IOException {
        SplittableRandom random = new SplittableRandom(20261125);
        int inputs = 0;
        int damaged = 0;
        int cut = 0;
        for (int i = 0; i < 100_000; i++, inputs++) {
            byte[] bytes = new byte[random.nextInt(ControlLink.HEADER, 200)];
            random.nextBytes(bytes);
            if (random.nextInt(4) == 0) {
                System.arraycopy(ControlLink.frame(1, new byte[0]), 0, bytes, 0, 5); // get past the magic
            }
            Outcome o = decode(bytes);
            assertThat(o).as("random input %d", i).isNotEqualTo(Outcome.PASSED);
            damaged += o == Outcome.DAMAGED ? 1 : 0;
        }
        for (int i = 0; i < 100_000; i++, inputs++) {
            byte[] frame = sound(random);
            assertThat(decode(frame)).isEqualTo(Outcome.PASSED);
            BitSet flipped = new BitSet();
            int flips = random.nextInt(1, 5);
            for (int f = 0; f < flips; f++) {
                int bit = random.nextInt(frame.length * 8);
                if (!flipped.get(bit)) {
                    flipped.set(bit);
                    frame[bit / 8] ^= (byte) (1 << (bit % 8));
                }
            }
            Outcome o = decode(frame);
            assertThat(o).as("frame with bits %s flipped", flipped).isIn(Outcome.DAMAGED, Outcome.FOREIGN,
                    Outcome.ENDED);
            damaged += o == Outcome.DAMAGED ? 1 : 0;
        }
        for (int i = 0; i < 100_000; i++, inputs++) {
            byte[] frame = sound(random);
            Outcome o = decode(Arrays.copyOf(frame, random.nextInt(ControlLink.HEADER, frame.length)));
            assertThat(o).isEqualTo(Outcome.ENDED);
            cut++;
        }
        byte[] waveOne = {0x43, 0x50, 0x48, 0x46, 1, 0, 0, 0, 4, 0, 0, 0, 0, 0}; // "CPHF", kind, length: no CRCs
        assertThat(decode(waveOne)).as("a wave-1 frame is another protocol, not a Corruption")
                .isEqualTo(Outcome.FOREIGN);
        assertThat(inputs).as("inputs (%d damaged, %d cut short)", damaged, cut).isGreaterThanOrEqualTo(300_000);
    }

    private enum Outcome { PASSED, DAMAGED, FOREIGN, ENDED }

    private static byte[] sound(SplittableRandom random) {
        byte[] body = new byte[random.nextInt(0, 120)];
        random.nextBytes(body);
        return ControlLink.frame(random.nextInt(ControlLink.HELLO, ControlLink.DAMAGED + 1), body);
    }

    /** Only the typed error, or a stream that ends where a damaged length said more would come. */
    private static Outcome decode(byte[] bytes) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
        byte[] header = new byte[ControlLink.HEADER];
        in.readFully(header);
        try {
            ControlLink.decode(header, in, "fuzz");
            return Outcome.PASSED;
        } catch (ControlLink.DamagedException e) {
            return Outcome.DAMAGED;
        } catch (EOFException e) {
            return Outcome.ENDED;
        } catch (IOException e) {
            return Outcome.FOREIGN; // another service or version: fails the run, not a Corruption
        }
    }
}
