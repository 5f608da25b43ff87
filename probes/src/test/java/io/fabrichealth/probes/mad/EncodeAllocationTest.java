package io.fabrichealth.probes.mad;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A sweep re-encodes the same requests with new TIDs; that must not allocate per MAD. */
class EncodeAllocationTest {

    @Test
    void encodingABuiltRequestAllocatesNothing() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        List<MadRequest> sweep = List.of(MadRequests.nodeInfo(DrPath.of(1, 3)), MadRequests.portInfo(SmpRoute.lid(2), 5),
                MadRequests.portCounters(2, 0xFF), MadRequests.portCountersExtended(2, 1));
        ByteBuffer slots = ByteBuffer.allocateDirect(128 * Mad.SIZE);
        encode(sweep, slots, 20_000); // warm up: let the JIT settle first

        long thread = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(thread);
        encode(sweep, slots, 100_000);
        long allocated = threads.getThreadAllocatedBytes(thread) - before;
        assertThat(allocated).as("bytes allocated for 100k encodes").isLessThan(4096);
    }

    private static void encode(List<MadRequest> sweep, ByteBuffer slots, int count) {
        for (int i = 0; i < count; i++) {
            sweep.get(i & 3).encode(slots, (i & 127) * Mad.SIZE, i);
        }
    }
}
