package io.fabrichealth.probes.pingpong;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.alarms.AlarmBook;
import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.config.AlarmsConfig;
import io.fabrichealth.config.HostPort;
import io.fabrichealth.config.Hysteresis;
import io.fabrichealth.config.PingPongConfig;
import io.fabrichealth.config.Transport;
import io.fabrichealth.config.EndpointType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A peer killed in the middle of a run: that run finds it unreachable, every miss is reported bad, the K-th miss in
 * a row raises PeerUnreachable in the alarm model (configured raiseAfter K), and the first run after the peer
 * comes back reports it good again (the alarm clears).
 */
class PeerKilledTest {
    private static final int K = 2;

    @Test
    void aKilledPeerIsUnreachableAfterKMissesAndReachableWhenItReturns(@TempDir Path work) throws Exception {
        int port = Loopback.freePort();
        HostPort peer = new HostPort("127.0.0.1", port);
        String subject = "pingpong fabric " + peer;
        Map<AlarmKind, Hysteresis> h = new EnumMap<>(AlarmsConfig.DEFAULTS.hysteresis());
        h.put(AlarmKind.PeerUnreachable, new Hysteresis(K, 1));
        AlarmBook book = AlarmBook.inMemory(new AlarmsConfig(h), Clock.systemUTC());
        PingPongConfig config = Loopback.config(1024, 64, 1, 1, Duration.ofSeconds(3));
        PingPongConfig one = new PingPongConfig(config.listen(), List.of(Transport.FABRIC), config.requestSize(),
                config.ackSize(), 1, 1, config.duration());
        Process responder = start(work, port, "1");
        try (PingPongService service = Loopback.service(one, "tcp", EndpointType.MSG, book.sink())) {
            CompletableFuture<PingPongResult> run = CompletableFuture.supplyAsync(
                    () -> service.run(Transport.FABRIC, peer));
            awaitLine(work.resolve("responder-1.out"), responder, "started 1", work.resolve("responder-1.err"));
            Thread.sleep(1_000); // the scenario: the peer dies 1 s into a 3 s run that reached it
            assertThat(run).as("the run is still going when the peer is killed").isNotDone();
            responder.destroyForcibly().waitFor(5, TimeUnit.SECONDS);

            PingPongResult killed = run.get(30, TimeUnit.SECONDS);
            assertThat(killed.outcome()).as(killed.summary()).isEqualTo(PingPongResult.Outcome.UNREACHABLE);
            assertThat(killed.reachable()).isFalse();
            assertThat(killed.stats().acked()).isPositive();
            assertThat(killed.reason()).contains("the responder did not return its counts");
            assertThat(book.active(AlarmKind.PeerUnreachable, subject)).as("one miss of K=2: no alarm yet").isEmpty();

            PingPongResult gone = service.run(Transport.FABRIC, peer);
            assertThat(gone.outcome()).isEqualTo(PingPongResult.Outcome.UNREACHABLE);
            assertThat(gone.reason()).contains("no control connection to " + peer);
            assertThat(book.active(AlarmKind.PeerUnreachable, subject)).hasValueSatisfying(a -> {
                assertThat(a.kind()).isEqualTo(AlarmKind.PeerUnreachable);
                assertThat(a.subject()).isEqualTo(subject);
                assertThat(a.details()).contains("missed a ping-pong run");
            });

            responder = start(work, port, "2");
            PingPongResult back = service.run(Transport.FABRIC, peer);
            assertThat(back.outcome()).as(back.summary()).isEqualTo(PingPongResult.Outcome.OK);
            assertThat(book.active(AlarmKind.PeerUnreachable, subject)).as("the peer answers again").isEmpty();
        } finally {
            responder.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }

    private static Process start(Path work, int port, String name) throws Exception {
        Path out = work.resolve("responder-" + name + ".out");
        Path err = work.resolve("responder-" + name + ".err");
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xmx128m", "-cp", TestClasspath.get(),
                ResponderMain.class.getName(), Integer.toString(port)).redirectOutput(out.toFile())
                .redirectError(err.toFile());
        pb.environment().put("LD_PRELOAD", TestClasspath.jsig());
        Process p = pb.start();
        try {
            awaitLine(out, p, "ready", err);
        } catch (RuntimeException | AssertionError e) {
            p.destroyForcibly();
            throw e;
        }
        return p;
    }

    private static void awaitLine(Path out, Process p, String line, Path err) {
        Awaitility.await("responder JVM prints '" + line + "'").atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(20)).until(() -> {
                    if (Files.readString(out).contains(line)) {
                        return true;
                    }
                    if (!p.isAlive()) {
                        throw new AssertionError("responder JVM exited: " + Files.readString(err));
                    }
                    return false;
                });
    }
}
