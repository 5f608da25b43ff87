package io.fabrichealth.mbeans.pingpong;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.AlarmsConfig;
import io.fabrichealth.config.ByteSize;
import io.fabrichealth.config.HostPort;
import io.fabrichealth.config.Hysteresis;
import io.fabrichealth.config.PingPongConfig;
import io.fabrichealth.config.Transport;
import io.fabrichealth.config.EndpointType;
import io.fabrichealth.mbeans.MBeanRegistry;
import io.fabrichealth.alarms.AlarmBook;
import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.alarms.AlarmSink;
import io.fabrichealth.probes.pingpong.PingPongResult;
import io.fabrichealth.probes.pingpong.PingPongService;
import io.fabrichealth.probes.pingpong.fabric.FabricPlane;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.Notification;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

/**
 * An operator reads a ping-pong over JMX, fires the drill, sees the Corruption alarm (attribute and notification)
 * stay until acknowledged, and watches PeerReachable follow a peer that goes away and comes back.
 */
class PingPongMBeansTest {
    private static final ObjectName RESPONDER = io.fabrichealth.mbeans.ObjectNames.parse(
            PingPongResponderMXBean.OBJECT_NAME);

    @Test
    void aVerbsRunInTheWindowModeShowsItsModeBindsAndInvalidations() throws Exception {
        HostPort peer = new HostPort("10.77.0.1", 7472);
        PingPongView view = new PingPongView(PingPongMBeans.name(Transport.VERBS, peer.toString()), Transport.VERBS,
                peer, null, (subject, who) -> "", subject -> List.of());
        view.record(new PingPongResult(peer.toString(), Transport.VERBS, PingPongResult.Outcome.OK, "",
                java.time.Instant.now(), io.fabrichealth.probes.pingpong.PingPongStats.NONE,
                io.fabrichealth.probes.pingpong.ResponderCounts.NONE,
                "RC, memory window (type 2), invalidated by the server (server_inv)", true, List.of(),
                Map.of("client.binds", 8L, "client.invalidations", 8L, "client.send_msgs", 8L),
                io.fabrichealth.probes.pingpong.RdsCredits.NONE));

        assertThat(view.getTransport()).endsWith("invalidated by the server (server_inv)");
        assertThat(view.getVerbsBinds()).isEqualTo(8);
        assertThat(view.getVerbsInvalidations()).isEqualTo(8);
    }

    @Test
    void theFireDrillShowsAsCorruptionUntilAcknowledged() throws Exception {
        MBeanServer server = MBeanServerFactory.newMBeanServer();
        AlarmBook book = AlarmBook.inMemory(AlarmsConfig.DEFAULTS, Clock.systemUTC());
        PingPongConfig config = config(freePort());
        HostPort self = config.listen();
        try (MBeanRegistry registry = new MBeanRegistry(server);
                PingPongService service = service(config, sink(book))) {
            service.startResponder();
            new PingPongMBeans(registry, service, book).addPeer(self);
            ObjectName name = PingPongMBeans.name(Transport.FABRIC, self.toString());
            assertThat(name.toString()).isEqualTo("fabric.health:type=PingPong,transport=fabric,peer=\"" + self + "\"");
            assertThat(server.getAttribute(name, "Result")).isEqualTo("");
            List<Notification> notes = new CopyOnWriteArrayList<>();
            server.addNotificationListener(name, (n, h) -> notes.add(n), null, null);

            String clean = (String) server.invoke(name, "runNow", null, null);

            assertThat(clean).contains(": ok");
            assertThat(server.getAttribute(name, "Result")).isEqualTo("ok");
            assertThat(server.getAttribute(name, "Transport")).isEqualTo("tcp MSG");
            assertThat(server.getAttribute(name, "PeerReachable")).isEqualTo(true);
            assertThat((Long) server.getAttribute(name, "Sent")).isPositive()
                    .isEqualTo(server.getAttribute(name, "Acked"));
            assertThat((Double) server.getAttribute(name, "RttP50Micros")).isPositive();
            assertThat((Double) server.getAttribute(name, "TxPerSecond")).isPositive();
            assertThat(server.getAttribute(name, "Corruptions")).isEqualTo(0L);
            assertThat(server.getAttribute(name, "VerbsBinds")).as("no memory windows over libfabric").isEqualTo(-1L);

            String armed = (String) server.invoke(RESPONDER, "corruptNextPayloads", new Object[] {2},
                    new String[] {"int"});
            server.invoke(name, "runNow", null, null);

            assertThat(armed).contains("next 2 ack payload(s)");
            assertThat(server.getAttribute(name, "Result")).isEqualTo("fail");
            assertThat(server.getAttribute(name, "Corruptions")).isEqualTo(2L);
            int offset = (1024 - 48) / 2 + 13;
            assertThat((String) server.getAttribute(name, "LastCorruption"))
                    .contains("first bad byte at payload offset " + offset, "1 bad byte(s)", "transport fabric");
            assertThat(server.getAttribute(RESPONDER, "CorruptedPayloads")).isEqualTo(2L);
            assertThat(notes).singleElement().satisfies(n -> {
                assertThat(n.getType()).isEqualTo(PingPongMXBean.CORRUPTION_NOTIFICATION);
                assertThat((String) n.getUserData()).contains("payload offset " + offset);
            });
            String subject = PingPongService.subject(Transport.FABRIC, self.toString());
            assertThat(book.active(AlarmKind.Corruption, subject)).isPresent();

            server.invoke(name, "runNow", null, null);
            assertThat(server.getAttribute(name, "Result")).isEqualTo("ok");
            assertThat(book.active(AlarmKind.Corruption, subject)).as("a good run does not clear it").isPresent();
            assertThat((String) server.getAttribute(name, "LastCorruption")).isNotEmpty();

            String ack = (String) server.invoke(name, "acknowledgeCorruption", new Object[] {"alice"},
                    new String[] {String.class.getName()});

            assertThat(ack).contains("acknowledged");
            assertThat(book.active(AlarmKind.Corruption, subject)).isEmpty();
            assertThat(server.getAttribute(name, "LastCorruption")).isEqualTo("");
            assertThat(server.getAttribute(name, "Corruptions")).as("the count is history").isEqualTo(2L);
        }
    }

    @Test
    void aPeerThatMissesKRunsIsUnreachableUntilItAnswersAgain() throws Exception {
        MBeanServer server = MBeanServerFactory.newMBeanServer();
        Map<AlarmKind, Hysteresis> h = new LinkedHashMap<>(AlarmsConfig.DEFAULTS.hysteresis());
        h.put(AlarmKind.PeerUnreachable, new Hysteresis(2, 1)); // K = 2 misses make the alarm
        AlarmBook book = AlarmBook.inMemory(new AlarmsConfig(h), Clock.systemUTC());
        int peerPort = freePort();
        HostPort peer = new HostPort("127.0.0.1", peerPort);
        String subject = PingPongService.subject(Transport.FABRIC, peer.toString());
        try (MBeanRegistry registry = new MBeanRegistry(server);
                PingPongService service = service(config(freePort()), sink(book))) {
            new PingPongMBeans(registry, service, book).addPeer(peer);
            ObjectName name = PingPongMBeans.name(Transport.FABRIC, peer.toString());

            server.invoke(name, "runNow", null, null);
            assertThat(server.getAttribute(name, "PeerReachable")).isEqualTo(false);
            assertThat(server.getAttribute(name, "Result")).isEqualTo("unreachable");
            assertThat(book.active(AlarmKind.PeerUnreachable, subject)).as("1 miss of 2").isEmpty();
            server.invoke(name, "runNow", null, null);
            assertThat(server.getAttribute(name, "ConsecutiveMisses")).isEqualTo(2);
            assertThat(book.active(AlarmKind.PeerUnreachable, subject)).isPresent();

            try (PingPongService peerAgent = service(config(peerPort), AlarmSink.NONE)) {
                peerAgent.startResponder();
                server.invoke(name, "runNow", null, null);
            }
            assertThat(server.getAttribute(name, "PeerReachable")).isEqualTo(true);
            assertThat(server.getAttribute(name, "ConsecutiveMisses")).isEqualTo(0);
            assertThat(book.active(AlarmKind.PeerUnreachable, subject)).as("cleared when the peer returns").isEmpty();
        }
    }

    private static PingPongConfig config(int port) {
        return new PingPongConfig(new HostPort("127.0.0.1", port), List.of(Transport.FABRIC), ByteSize.ofKiB(1),
                ByteSize.ofKiB(1), 1, 1, Duration.ofMillis(300));
    }

    private static PingPongService service(PingPongConfig config, AlarmSink alarms) {
        return new PingPongService(config, Map.of(Transport.FABRIC, new FabricPlane("tcp", EndpointType.MSG)), alarms);
    }

    private static AlarmSink sink(AlarmBook book) {
        return book.sink();
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        }
    }
}
