package io.fabrichealth.bench.bursts;

import io.fabrichealth.alarms.AlarmSink;
import io.fabrichealth.config.BurstsConfig;
import io.fabrichealth.config.ByteSize;
import io.fabrichealth.config.HostPort;
import io.fabrichealth.probes.bursts.BurstService;
import io.fabrichealth.probes.bursts.SuiteResult;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;

/**
 * fabtrun's 15 tests on loopback, as the agent runs them by default (tcp, MSG, bursts.* at their defaults), against
 * a target in this JVM, printed as fabtrun prints them. {@code -Dbench.maxBytes=64M} sizes every test;
 * {@code -Dbench.provider} and {@code -Dbench.endpoint} pick another provider. One unprinted suite runs first, so
 * the agent's JIT is warm as in a running agent ({@code -Dbench.warmUp=false} skips it); the cacheless helper JVMs
 * always start cold. On loopback both sides share the CPU: run it twice to see the noise.
 */
public final class FabtrunBench {
    private FabtrunBench() {
    }

    public static void main(String[] args) {
        BurstsConfig d = BurstsConfig.DEFAULTS;
        ByteSize maxBytes = ByteSize.parse(System.getProperty("bench.maxBytes", d.maxBytes().toString()));
        BurstsConfig config = new BurstsConfig(new HostPort("127.0.0.1", freePort()),
                System.getProperty("bench.provider", d.provider()),
                io.fabrichealth.config.EndpointType.valueOf(System.getProperty("bench.endpoint", d.endpoint().name())),
                d.suite(), d.segmentSize(), d.segments(), d.window(), maxBytes, d.maxDuration(), 2, d.cancelDelay());
        try (BurstService service = new BurstService(config, AlarmSink.NONE)) {
            service.startTarget();
            if (Boolean.parseBoolean(System.getProperty("bench.warmUp", "true"))) {
                service.runSuite(config.listen()); // the JIT's first pass would land on the first (default) rows
            }
            long start = System.nanoTime();
            SuiteResult suite = service.runSuite(config.listen());
            Duration wall = Duration.ofNanos(System.nanoTime() - start);
            System.out.printf("fabtrun's 15 tests on %s %s, maxBytes %s, cancelDelay %d ms (wall %.1f s with the "
                    + "helper JVMs)%n%s", config.provider(), config.endpoint().name().toLowerCase(), maxBytes,
                    config.cancelDelay().toMillis(), wall.toMillis() / 1e3, suite.table());
        }
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free port on 127.0.0.1", e);
        }
    }
}
