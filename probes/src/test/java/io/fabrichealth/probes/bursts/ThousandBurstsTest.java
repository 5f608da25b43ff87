package io.fabrichealth.probes.bursts;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.BurstSet;
import io.fabrichealth.config.BurstsConfig;
import io.fabrichealth.config.ByteSize;
import io.fabrichealth.config.EndpointType;
import io.fabrichealth.jni.fabric.FabricLibrary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** 1,000 small bursts leave fds and native handles where they were. */
class ThousandBurstsTest {

    @Test
    void afterAThousandBurstsFdsAndNativeHandlesAreBackAtBaseline() {
        BurstsConfig base = Loopback.config("tcp", EndpointType.MSG, List.of(BurstSet.DEFAULT), 8192);
        BurstsConfig config = new BurstsConfig(base.listen(), "tcp", EndpointType.MSG, base.sets(), ByteSize.ofKiB(4), 2, 2,
                ByteSize.ofKiB(8), Duration.ofSeconds(2), 2, base.cancelDelay());
        try (BurstService service = new BurstService(config, new RecordingAlarms())) {
            service.startTarget();
            assertThat(service.runSet(config.listen(), BurstSet.DEFAULT).outcome()).isEqualTo(BurstResult.Outcome.OK);
            settle();
            long fds = openFds();
            long handles = FabricLibrary.openHandles();
            long start = System.nanoTime();
            for (int i = 0; i < 1000; i++) {
                BurstResult r = service.runSet(config.listen(), i % 2 == 0 ? BurstSet.DEFAULT : BurstSet.GET);
                assertThat(r.outcome()).as("burst " + i + ": " + r.reason()).isEqualTo(BurstResult.Outcome.OK);
            }
            settle();
            System.out.printf("1000 bursts in %d ms; fds %d -> %d, handles %d -> %d%n",
                    (System.nanoTime() - start) / 1_000_000, fds, openFds(), handles, FabricLibrary.openHandles());
            assertThat(FabricLibrary.openHandles()).isEqualTo(handles);
            assertThat(openFds()).isEqualTo(fds);
        }
    }

    /** Target sessions close on their own thread right after the goodbye. */
    private static void settle() {
        try {
            Thread.sleep(300);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static long openFds() {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
