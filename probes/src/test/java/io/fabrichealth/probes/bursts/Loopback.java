package io.fabrichealth.probes.bursts;

import io.fabrichealth.config.BurstSet;
import io.fabrichealth.config.BurstsConfig;
import io.fabrichealth.config.ByteSize;
import io.fabrichealth.config.EndpointType;
import io.fabrichealth.config.HostPort;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;

/** Small, fast burst configs on 127.0.0.1 with a free port per test. */
final class Loopback {
    private Loopback() {
    }

    static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new AssertionError("no free TCP port on 127.0.0.1: " + e.getMessage(), e);
        }
    }

    static BurstsConfig config(String provider, EndpointType endpoint, List<BurstSet> sets, long maxBytes) {
        return new BurstsConfig(new HostPort("127.0.0.1", freePort()), provider, endpoint, sets, ByteSize.ofKiB(64), 4,
                8, ByteSize.ofBytes(maxBytes), Duration.ofSeconds(2), 2, Duration.ofMillis(10));
    }
}
