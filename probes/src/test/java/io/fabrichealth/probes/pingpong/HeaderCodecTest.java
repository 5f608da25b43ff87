package io.fabrichealth.probes.pingpong;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/** Every field survives the trip, and each kind of damage is named for what it is. */
class HeaderCodecTest {
    private static final int MAX = 4096;
    private final Header header = new Header();
    private final ByteBuffer b = ByteBuffer.allocateDirect(2 * MAX).order(ByteOrder.LITTLE_ENDIAN);

    private HeaderProblem decode(int length) {
        return new Header().decode(b, 16, length, MAX);
    }

    private void request(int task, int bytes, int answer) {
        header.write(b, 16, Header.REQUEST, task, 0xCAFE, bytes, 42, 3, answer, 123456789L);
    }

    @Test
    void aWrittenHeaderDecodesToTheSameFields() {
        header.write(b, 16, Header.ACK, 63, -7, 1000, Long.MAX_VALUE, 1023, 0, -5L);
        Header d = new Header();

        assertThat(d.decode(b, 16, 1000, MAX)).isNull();
        assertThat(d.type()).isEqualTo(Header.ACK);
        assertThat(d.task()).isEqualTo(63);
        assertThat(d.session()).isEqualTo(-7);
        assertThat(d.messageBytes()).isEqualTo(1000);
        assertThat(d.payloadBytes()).isEqualTo(1000 - 48);
        assertThat(d.seq()).isEqualTo(Long.MAX_VALUE);
        assertThat(d.slot()).isEqualTo(1023);
        assertThat(d.answerBytes()).isZero();
        assertThat(d.stamp()).isEqualTo(-5L);
        assertThat(b.get(16)).isEqualTo((byte) 'F');
        assertThat(b.get(19)).isEqualTo((byte) 'P');
    }

    @Test
    void aMessageShorterThanAHeaderOrThanItsClaimIsTruncated() {
        request(0, 1000, 64);
        assertThat(decode(47)).isEqualTo(HeaderProblem.TRUNCATED);
        assertThat(decode(999)).isEqualTo(HeaderProblem.TRUNCATED);
        assertThat(decode(1000)).isNull();
    }

    @Test
    void sizesOutsideTheSessionAreImpossible() {
        request(0, 20, 64);
        assertThat(decode(48)).as("smaller than a header").isEqualTo(HeaderProblem.IMPOSSIBLE_SIZE);
        request(0, MAX + 1, 64);
        assertThat(decode(MAX + 1)).as("larger than negotiated").isEqualTo(HeaderProblem.IMPOSSIBLE_SIZE);
        request(0, 100, 64);
        assertThat(decode(200)).as("longer than claimed").isEqualTo(HeaderProblem.IMPOSSIBLE_SIZE);
        request(0, 100, 10);
        assertThat(decode(100)).as("an ack smaller than a header").isEqualTo(HeaderProblem.IMPOSSIBLE_SIZE);
    }

    @Test
    void magicVersionCrcAndTypeAreChecked() {
        request(0, 100, 64);
        b.put(16, (byte) 'X');
        assertThat(decode(100)).isEqualTo(HeaderProblem.BAD_MAGIC);
        request(0, 100, 64);
        b.put(16 + 4, (byte) 2);
        assertThat(decode(100)).isEqualTo(HeaderProblem.BAD_VERSION);
        request(0, 100, 64);
        b.put(16 + 20, (byte) (b.get(16 + 20) ^ 1));
        assertThat(decode(100)).as("one bit of the sequence flipped").isEqualTo(HeaderProblem.BAD_CRC);
        header.write(b, 16, 9, 0, 1, 100, 1, 0, 64, 0);
        assertThat(decode(100)).isEqualTo(HeaderProblem.BAD_TYPE);
    }

    @Test
    void aTaskBeyondSixtyFourIsImpossible() {
        request(64, 100, 64);
        assertThat(decode(100)).isEqualTo(HeaderProblem.IMPOSSIBLE_FIELD);
    }

    @Test
    void aBigEndianBufferIsRefusedWithAdvice() {
        ByteBuffer big = ByteBuffer.allocate(64);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new Header().decode(big, 0, 64, MAX))
                .hasMessageContaining("order(LITTLE_ENDIAN)");
    }
}
