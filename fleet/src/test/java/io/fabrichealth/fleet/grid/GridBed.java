package io.fabrichealth.fleet.grid;

import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import io.fabrichealth.config.HostPort;
import io.fabrichealth.config.Transport;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Real Hazelcast members in this JVM, on 127.0.0.1 with tcpip discovery only (never multicast), each on its own
 * free port, in a grid of a unique name: the same Hazelcast Payara Micro runs, without Payara.
 */
final class GridBed implements AutoCloseable {
    final String cluster = "fh-test-" + UUID.randomUUID();
    final List<Integer> ports = new ArrayList<>();
    private final List<HazelcastInstance> started = new ArrayList<>();

    GridBed(int size) throws IOException {
        for (int i = 0; i < size; i++) {
            try (ServerSocket s = new ServerSocket(0)) {
                ports.add(s.getLocalPort());
            }
        }
    }

    HazelcastInstance member(int i) {
        Config c = new Config();
        c.setClusterName(cluster);
        c.setInstanceName(cluster + "-" + i + "-" + started.size());
        c.getNetworkConfig().setPort(ports.get(i)).setPortAutoIncrement(false);
        c.getNetworkConfig().getInterfaces().setEnabled(true).addInterface("127.0.0.1");
        JoinConfig j = c.getNetworkConfig().getJoin();
        j.getMulticastConfig().setEnabled(false);
        j.getAutoDetectionConfig().setEnabled(false);
        j.getTcpIpConfig().setEnabled(true);
        ports.forEach(p -> j.getTcpIpConfig().addMember("127.0.0.1:" + p));
        c.setProperty("hazelcast.socket.bind.any", "false");
        c.setProperty("hazelcast.heartbeat.interval.seconds", "1");
        c.setProperty("hazelcast.max.no.heartbeat.seconds", "5");
        c.setProperty("hazelcast.phone.home.enabled", "false");
        c.setProperty("hazelcast.logging.type", "jdk");
        c.setProperty("hazelcast.wait.seconds.before.join", "1");
        HazelcastInstance hz = Hazelcast.newHazelcastInstance(c);
        started.add(hz);
        return hz;
    }

    static Card card(String name) {
        Instant now = Instant.now();
        return new Card(name, "host-" + name, "", "http://127.0.0.1:8778/jolokia", new HostPort("127.0.0.1", 7470),
                new HostPort("127.0.0.1", 7472), List.of(Transport.FABRIC), true, "", 0, 0, 0, "0.1.0", now, now);
    }

    @Override
    public void close() {
        for (HazelcastInstance hz : started) {
            try {
                hz.getLifecycleService().terminate();
            } catch (RuntimeException ignored) {
                // already gone
            }
        }
    }
}
