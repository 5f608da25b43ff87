package io.fabrichealth.mbeans.bursts;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.BurstSet;
import io.fabrichealth.config.BurstSuite;
import io.fabrichealth.config.BurstsConfig;
import io.fabrichealth.config.ByteSize;
import io.fabrichealth.config.EndpointType;
import io.fabrichealth.config.HostPort;
import io.fabrichealth.mbeans.MBeanRegistry;
import io.fabrichealth.mbeans.ObjectNames;
import io.fabrichealth.mbeans.metrics.BurstMetrics;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.ArrayList;
import io.fabrichealth.alarms.AlarmSink;
import io.fabrichealth.probes.bursts.BurstService;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import org.junit.jupiter.api.Test;

/** An operator runs the suite over JMX and reads the report, the rows, each test's MBean and its metrics. */
class BurstMBeansTest {

    @Test
    void runNowOverJmxFillsFabtrunsReportAndOneMBeanPerPhaseAndSet() throws Exception {
        MBeanServer server = MBeanServerFactory.newMBeanServer();
        HostPort listen = new HostPort("127.0.0.1", freePort());
        BurstsConfig config = new BurstsConfig(listen, "tcp", EndpointType.MSG,
                new BurstSuite(List.of(BurstSet.DEFAULT), List.of(BurstSet.DEFAULT, BurstSet.parse("contiguous,reregister"))),
                ByteSize.ofKiB(64), 4, 8, ByteSize.ofMiB(4),
                Duration.ofSeconds(2), 2, Duration.ofMillis(10));
        try (MBeanRegistry registry = new MBeanRegistry(server);
                BurstService service = new BurstService(config, AlarmSink.NONE)) {
            service.startTarget();
            BurstMBeans beans = new BurstMBeans(registry, service);
            beans.addPeer(listen);
            ObjectName suite = ObjectNames.of("BurstSuite", "peer", listen.toString());
            assertThat(server.getAttribute(suite, "Summary")).isEqualTo("");

            String table = (String) server.invoke(suite, "runNow", null, null);

            assertThat(table).contains("3 tests, 3 succeeded, 0 failed").contains("get parameter set")
                    .contains("put parameter set").containsPattern("\ncontiguous reregister +\\d+\\.\\d\\d +\\d+  ok\n");
            assertThat(server.getAttribute(suite, "Summary")).isEqualTo("3 tests, 3 succeeded, 0 failed");
            CompositeData[] rows = (CompositeData[]) server.getAttribute(suite, "Rows");
            assertThat(rows).extracting(r -> r.get("Phase") + " " + r.get("Set")).containsExactly("get default",
                    "put default", "put contiguous,reregister");
            ObjectName def = ObjectNames.of("Burst", "peer", listen.toString(), "phase", "put", "set", "default");
            ObjectName get = ObjectNames.of("Burst", "peer", listen.toString(), "phase", "get", "set", "default");
            ObjectName combined = ObjectNames.of("Burst", "peer", listen.toString(), "phase", "put", "set",
                    "contiguous,reregister");
            assertThat(def.toString()).isEqualTo("fabric.health:type=Burst,peer=\"127.0.0.1:" + listen.port()
                    + "\",phase=put,set=default");
            assertThat(combined.toString()).as("a comma is quoted").endsWith(",phase=put,set=\"contiguous,reregister\"");
            assertThat(server.getAttribute(combined, "Set")).isEqualTo("contiguous,reregister");
            assertThat(server.getAttribute(combined, "Phase")).isEqualTo("put");
            assertThat((Double) server.getAttribute(combined, "PercentOfDefault")).as("of put's default").isGreaterThan(0);
            assertThat(server.getAttribute(def, "Result")).isEqualTo("ok");
            assertThat(server.getAttribute(def, "PercentOfDefault")).isEqualTo(100.0);
            assertThat(server.getAttribute(get, "PercentOfDefault")).as("get's own default").isEqualTo(100.0);
            assertThat((Long) server.getAttribute(def, "Bytes")).isEqualTo(4L << 20);
            assertThat((Double) server.getAttribute(def, "ThroughputBytesPerSecond")).isGreaterThan(0);
            assertThat(server.getAttribute(def, "Runs")).isEqualTo(1L);

            // /metrics: each test labelled by peer, phase and set as configured.
            MetricSnapshots metrics = new BurstMetrics(beans::bursts).collect();
            List<String> okSeries = new ArrayList<>();
            for (MetricSnapshot m : metrics) {
                if (m.getMetadata().getName().equals("fabric_health_burst_ok")) {
                    m.getDataPoints().forEach(p -> okSeries.add(p.getLabels().get("phase") + " "
                            + p.getLabels().get("set") + " " + p.getLabels().get("peer")));
                }
            }
            assertThat(okSeries).containsExactlyInAnyOrder("get default " + listen, "put default " + listen,
                    "put contiguous,reregister " + listen);

            ObjectName target = ObjectNames.parse(BurstTargetMXBean.OBJECT_NAME);
            server.invoke(target, "corruptNextPayloads", new Object[] {1}, new String[] {"int"});
            server.invoke(suite, "runNow", null, null);

            // get runs first, as in fabtrun: its first payload is the corrupted one, and this side finds it.
            assertThat(server.getAttribute(get, "Result")).isEqualTo("fail");
            assertThat((String) server.getAttribute(get, "FailureReason")).contains("Corruption", "offset 131085");
            assertThat(server.getAttribute(get, "Failures")).isEqualTo(1L);
            assertThat(server.getAttribute(def, "Result")).isEqualTo("ok");
            assertThat(server.getAttribute(suite, "Summary")).isEqualTo("3 tests, 2 succeeded, 1 failed");
            assertThat(server.getAttribute(target, "CorruptedPayloads")).isEqualTo(1L);

            server.invoke(target, "abortNextBursts", new Object[] {1}, new String[] {"int"});
            assertThat(server.getAttribute(target, "PendingAborts")).isEqualTo(1);
            server.invoke(suite, "runNow", null, null);

            assertThat(server.getAttribute(get, "Result")).isEqualTo("fail");
            assertThat((String) server.getAttribute(get, "FailureReason")).startsWith("target " + listen);
            assertThat(server.getAttribute(suite, "Summary")).isEqualTo("3 tests, 2 succeeded, 1 failed");
            assertThat(server.getAttribute(target, "AbortedBursts")).isEqualTo(1L);
            assertThat(server.getAttribute(target, "PendingAborts")).isEqualTo(0);
        }
    }

    @Test
    void aRemovedPeerLosesItsSuiteAndSetMBeansAndALateSuiteDoesNotBringThemBack() throws Exception {
        MBeanServer server = MBeanServerFactory.newMBeanServer();
        HostPort listen = new HostPort("127.0.0.1", freePort());
        BurstsConfig config = new BurstsConfig(listen, "tcp", EndpointType.MSG,
                new BurstSuite(List.of(BurstSet.DEFAULT), List.of(BurstSet.DEFAULT)),
                ByteSize.ofKiB(64), 4, 8, ByteSize.ofMiB(1), Duration.ofSeconds(2), 2, Duration.ofMillis(10));
        try (MBeanRegistry registry = new MBeanRegistry(server);
                BurstService service = new BurstService(config, AlarmSink.NONE)) {
            service.startTarget();
            BurstMBeans beans = new BurstMBeans(registry, service);
            beans.addPeer(listen);
            service.runSuite(listen);
            assertThat(peerBeans(server, listen)).hasSize(3); // the suite and two sets

            beans.removePeer(listen);
            assertThat(peerBeans(server, listen)).isEmpty();
            service.runSuite(listen); // as a run that was still going when the fleet dropped the peer
            assertThat(peerBeans(server, listen)).isEmpty();

            beans.addPeer(listen);
            service.runSuite(listen);
            assertThat(peerBeans(server, listen)).hasSize(3);
        }
    }

    private static java.util.Set<ObjectName> peerBeans(MBeanServer server, HostPort peer) throws Exception {
        return server.queryNames(new ObjectName("fabric.health:peer=" + ObjectName.quote(peer.toString()) + ",*"), null);
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        }
    }
}
