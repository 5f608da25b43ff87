package io.fabrichealth.probes.bursts;

import io.fabrichealth.config.BurstPhase;
import io.fabrichealth.config.BurstSet;
import io.fabrichealth.config.BurstSuite;
import io.fabrichealth.config.BurstsConfig;
import io.fabrichealth.config.ByteSize;
import io.fabrichealth.config.EndpointType;
import io.fabrichealth.config.HostPort;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Small, fast burst configs on 127.0.0.1 with a free port per test. */
final class Loopback {
    /** Early enough that every cancel set is cancelled mid-burst on loopback (bursts of 64 MiB). */
    static final Duration CANCEL_DELAY = Duration.ofMillis(5);

    private Loopback() {
    }

    static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new AssertionError("no free TCP port on 127.0.0.1: " + e.getMessage(), e);
        }
    }

    static BurstsConfig config(String provider, EndpointType endpoint, BurstSuite suite, long maxBytes) {
        return new BurstsConfig(new HostPort("127.0.0.1", freePort()), provider, endpoint, suite, ByteSize.ofKiB(64), 4,
                8, ByteSize.ofBytes(maxBytes), Duration.ofSeconds(2), 2, CANCEL_DELAY);
    }

    /** {@code "put default", "get cacheless,reregister"}: a suite of these tests. */
    static BurstSuite suite(String... tests) {
        List<BurstSet> get = new ArrayList<>();
        List<BurstSet> put = new ArrayList<>();
        for (String t : tests) {
            String[] parts = t.split(" ", 2);
            (phase(t) == BurstPhase.GET ? get : put).add(BurstSet.parse(parts[1]));
        }
        return new BurstSuite(get, put);
    }

    static BurstPhase phase(String test) {
        return BurstPhase.valueOf(test.split(" ", 2)[0].toUpperCase(Locale.ROOT));
    }

    static BurstSet set(String test) {
        return BurstSet.parse(test.split(" ", 2)[1]);
    }

    /** The old seven sets' coverage in today's words: put's six and get default. */
    static final String[] SEVEN = {"get default", "put default", "put contiguous", "put reregister", "put cacheless",
        "put wait", "put cancel"};
}
