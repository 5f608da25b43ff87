package io.fabrichealth.jni.rds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabrichealth.jni.Rds;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * RDS_INFO_COUNTERS tables as the kernel lays them out decode to every name in order; a table the kernel cannot
 * have written is an error naming what is wrong, never a half-read table. The flow_control setting reads as 0, 1
 * or a reason.
 */
class RdsCountersTest {
    private static final int EACH = Rds.RDS_INFO_COUNTER_SIZE;

    private static ByteBuffer table(Object... nameValue) {
        ByteBuffer b = ByteBuffer.allocateDirect(Math.max(1, nameValue.length / 2 * EACH)).order(ByteOrder.nativeOrder());
        for (int i = 0; i < nameValue.length / 2; i++) {
            byte[] name = ((String) nameValue[2 * i]).getBytes(StandardCharsets.US_ASCII);
            b.put(i * EACH, name, 0, Math.min(name.length, 32));
            b.putLong(i * EACH + 32, (Long) nameValue[2 * i + 1]);
        }
        return b;
    }

    @Test
    void everyCounterTheKernelNamesComesBackInItsOrder() {
        ByteBuffer b = table("conn_reset", 3L, "ib_tx_cq_event", 36_683L, "ib_tx_stalled", 0L, "zzz_from_a_new_kernel",
                -1L);

        RdsCounters c = RdsCounters.decode(b, 4 * EACH, EACH);

        assertThat(c.values().keySet()).containsExactly("conn_reset", "ib_tx_cq_event", "ib_tx_stalled",
                "zzz_from_a_new_kernel");
        assertThat(c.value("ib_tx_cq_event")).isEqualTo(36_683L);
        assertThat(Long.toUnsignedString(c.value("zzz_from_a_new_kernel"))).isEqualTo("18446744073709551615");
        assertThat(c.value("ib_tx_credit_updates")).as("not reported by this kernel").isEqualTo(-1);
    }

    @Test
    void aNameOfThirtyOneCharactersFitsAndOneOfThirtyTwoHasNoRoomForItsNul() {
        String longest = "x".repeat(31);
        assertThat(RdsCounters.decode(table(longest, 1L), EACH, EACH).values()).containsKey(longest);

        assertThatThrownBy(() -> RdsCounters.decode(table("y".repeat(32), 1L), EACH, EACH))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("entry 0 has a name without its terminating NUL");
    }

    @Test
    void aShortOrRaggedBufferIsATruncatedTable() {
        ByteBuffer b = table("a", 1L, "b", 2L);

        assertThatThrownBy(() -> RdsCounters.decode(b, 2 * EACH - 3, EACH))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("returned 77 bytes, not a whole number of 40-byte entries");
        assertThatThrownBy(() -> RdsCounters.decode(b, 3 * EACH, EACH))
                .hasMessageContaining("within the 80-byte buffer: the table is truncated");
    }

    @Test
    void entriesOfAnotherSizeAreAnotherKernelLayout() {
        assertThatThrownBy(() -> RdsCounters.decode(table("a", 1L), EACH, 48))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("reported 48-byte entries, but struct rds_info_counter is 40 bytes");
    }

    @Test
    void garbageNamesAndRepeatsAreNotCounters() {
        ByteBuffer zeros = ByteBuffer.allocateDirect(2 * EACH);
        assertThatThrownBy(() -> RdsCounters.decode(zeros, 2 * EACH, EACH)).hasMessageContaining("entry 0 has an empty name");

        ByteBuffer binary = table("ok", 1L, "bad", 2L);
        binary.put(EACH + 1, (byte) 0x9c);
        assertThatThrownBy(() -> RdsCounters.decode(binary, 2 * EACH, EACH))
                .hasMessageContaining("entry 1 has byte 0x9c at 1 of its name");

        assertThatThrownBy(() -> RdsCounters.decode(table("same", 1L, "same", 2L), 2 * EACH, EACH))
                .hasMessageContaining("names 'same' twice (entry 1)");
    }

    @Test
    void theFlowControlSettingIsZeroOneOrWhyNot(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("flow_control");
        Files.writeString(file, "1\n");
        assertThat(RdsFlowControl.read(file)).isEqualTo(new RdsFlowControl(1, ""));
        Files.writeString(file, "0\n");
        assertThat(RdsFlowControl.read(file).requested()).isFalse();
        Files.writeString(file, "2\n");
        assertThat(RdsFlowControl.read(file).problem()).contains("holds '2', not 0 or 1");

        RdsFlowControl missing = RdsFlowControl.read(dir.resolve("absent"));
        assertThat(missing.known()).isFalse();
        assertThat(missing.problem()).contains("rds_rdma is not loaded", "modprobe rds_rdma");
    }
}
