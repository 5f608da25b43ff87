package io.fabrichealth.probes.pingpong;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** The pattern is the same on both sides, differs for every (session, task, sequence, type), and a flip shows. */
class PayloadPatternTest {
    private final PayloadPattern a = new PayloadPattern(8192);
    private final PayloadPattern b = new PayloadPattern(8192);

    @Test
    void bothSidesDeriveTheSameBytesAndEveryByteIsChecked() {
        ByteBuffer buf = ByteBuffer.allocateDirect(9000);
        int rot = PayloadPattern.rotation(7, 3, 99, Header.REQUEST);
        a.fill(rot, buf, 100, 8192);

        assertThat(b.firstMismatch(rot, buf, 100, 8192)).isEqualTo(-1);
        for (int offset : new int[] {0, 1, 4095, 8191}) {
            buf.put(100 + offset, (byte) (buf.get(100 + offset) ^ 0x10));
            assertThat(b.firstMismatch(rot, buf, 100, 8192)).isEqualTo(offset);
            buf.put(100 + offset, (byte) (buf.get(100 + offset) ^ 0x10));
        }
    }

    @Test
    void anotherPeerTaskSequenceOrTypeGivesAnotherPayload() {
        int base = PayloadPattern.rotation(7, 3, 99, Header.REQUEST);
        assertThat(PayloadPattern.rotation(8, 3, 99, Header.REQUEST)).isNotEqualTo(base);
        assertThat(PayloadPattern.rotation(7, 4, 99, Header.REQUEST)).isNotEqualTo(base);
        assertThat(PayloadPattern.rotation(7, 3, 100, Header.REQUEST)).isNotEqualTo(base);
        assertThat(PayloadPattern.rotation(7, 3, 99, Header.ACK)).isNotEqualTo(base);
        ByteBuffer buf = ByteBuffer.allocateDirect(1024);
        a.fill(base, buf, 0, 1024);
        assertThat(b.firstMismatch(PayloadPattern.rotation(7, 3, 100, Header.REQUEST), buf, 0, 1024))
                .as("a stale payload of the previous sequence").isBetween(0, 3);
    }

    @Test
    void aMismatchReportsOffsetCountAndUpToThirtyTwoBytes() {
        ByteBuffer buf = ByteBuffer.allocateDirect(100);
        int rot = PayloadPattern.rotation(1, 0, 5, Header.ACK);
        a.fill(rot, buf, 0, 100);
        buf.put(10, (byte) ~buf.get(10));
        buf.put(50, (byte) ~buf.get(50));

        Mismatch m = Mismatch.find(a, rot, buf, 0, 100, a.firstMismatch(rot, buf, 0, 100));

        assertThat(m.firstBadOffset()).isEqualTo(10);
        assertThat(m.badBytes()).isEqualTo(2);
        assertThat(m.expectedHex()).hasSize(64).isNotEqualTo(m.actualHex());
        assertThat(m.expectedHex().substring(2)).isEqualTo(m.actualHex().substring(2));
    }
}
