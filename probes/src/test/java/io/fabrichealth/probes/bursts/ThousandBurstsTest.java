package io.fabrichealth.probes.bursts;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.BurstPhase;
import io.fabrichealth.config.BurstSet;
import io.fabrichealth.config.BurstsConfig;
import io.fabrichealth.config.ByteSize;
import io.fabrichealth.config.EndpointType;
import io.fabrichealth.jni.fabric.FabricLibrary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/** 1,000 small bursts leave fds and native handles where they were. */
class ThousandBurstsTest {

    @Test
    void afterAThousandBurstsFdsAndNativeHandlesAreBackAtBaseline() {
        BurstsConfig base = Loopback.config("tcp", EndpointType.MSG, Loopback.suite("put default"), 8192);
        BurstsConfig config = new BurstsConfig(base.listen(), "tcp", EndpointType.MSG, base.suite(), ByteSize.ofKiB(4), 2, 2,
                ByteSize.ofKiB(8), Duration.ofSeconds(2), 2, base.cancelDelay());
        try (BurstService service = new BurstService(config, new RecordingAlarms())) {
            service.startTarget();
            assertThat(service.runSet(config.listen(), BurstPhase.PUT, BurstSet.DEFAULT).outcome()).isEqualTo(BurstResult.Outcome.OK);
            settle(service);
            long fds = openFds();
            long handles = FabricLibrary.openHandles();
            long start = System.nanoTime();
            for (int i = 0; i < 1000; i++) {
                BurstResult r = service.runSet(config.listen(), i % 2 == 0 ? BurstPhase.PUT : BurstPhase.GET,
                        BurstSet.DEFAULT);
                assertThat(r.outcome()).as("burst " + i + ": " + r.reason()).isEqualTo(BurstResult.Outcome.OK);
            }
            // Target sessions close on their own thread right after the goodbye: wait for what is asserted.
            Awaitility.await("fds and native handles back at baseline").atMost(Duration.ofSeconds(30))
                    .pollInterval(Duration.ofMillis(50)).untilAsserted(() -> {
                        assertThat(FabricLibrary.openHandles()).as("open handles").isEqualTo(handles);
                        assertThat(openFds()).as("open fds").isEqualTo(fds);
                    });
        }
    }

    /**
     * Target sessions close on their own thread right after the goodbye (after giving back their budget
     * permit): no burst runs, and fds and handles have stood still for 300 ms.
     */
    private static void settle(BurstService service) {
        AtomicReference<String> last = new AtomicReference<>("");
        Awaitility.await("no burst session and fds and handles standing still").atMost(Duration.ofSeconds(30))
                .during(Duration.ofMillis(300)).pollInterval(Duration.ofMillis(30)).until(() -> {
                    String now = openFds() + "/" + FabricLibrary.openHandles();
                    return now.equals(last.getAndSet(now)) && service.budget().running() == 0;
                });
    }

    private static long openFds() {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
