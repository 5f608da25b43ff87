package io.fabrichealth.probes.pingpong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabrichealth.alarms.AlarmSink;
import io.fabrichealth.config.EndpointType;
import io.fabrichealth.config.MemoryMode;
import io.fabrichealth.config.PingPongConfig;
import io.fabrichealth.config.Transport;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The terms a run proposes: the verbs memory mode travels with them, and a responder refuses what it cannot name. */
class TermsTest {
    private static final Terms VERBS = new Terms(Transport.VERBS, 7, "host-a:7472", 4096, 1024, 1, 1,
            Duration.ofSeconds(2));

    @Test
    void theMemoryModeAndServerInvalidateSurviveTheWire() throws IOException {
        for (Terms t : List.of(VERBS, VERBS.reregistering(), VERBS.withMemory(MemoryMode.WINDOW, false),
                VERBS.withMemory(MemoryMode.WINDOW, true).counting(100))) {
            assertThat(Terms.read(new DataInputStream(new ByteArrayInputStream(bytes(t))))).isEqualTo(t);
        }
    }

    @Test
    void theConfiguredMemoryModeIsVerbsAlone() {
        PingPongConfig c = Loopback.config(1024, 128, 1, 1, Duration.ofSeconds(1));
        PingPongConfig window = new PingPongConfig(c.listen(), List.of(Transport.VERBS, Transport.FABRIC),
                c.requestSize(), c.ackSize(), 1, 1, c.duration(), 10, MemoryMode.WINDOW, true);
        try (PingPongService service = new PingPongService(window, java.util.Map.of(), AlarmSink.NONE)) {
            assertThat(service.terms(Transport.VERBS)).extracting(Terms::memory, Terms::serverInvalidate, Terms::count)
                    .containsExactly(MemoryMode.WINDOW, true, 10L);
            assertThat(service.terms(Transport.FABRIC)).extracting(Terms::memory, Terms::serverInvalidate)
                    .containsExactly(MemoryMode.ONCE, false);
        }
        assertThat(window.listening(c.listen()).memory()).as("a fleet member keeps the mode").isEqualTo(MemoryMode.WINDOW);
    }

    @Test
    void krpingsRulesAreTheTermsProblems() {
        assertThat(VERBS.withMemory(MemoryMode.WINDOW, true).problem()).isNull();
        assertThat(VERBS.withMemory(MemoryMode.REREGISTER, true).problem())
                .isEqualTo("server_inv (serverInvalidate) is valid only with the window memory mode, as in krping");
        assertThat(new Terms(Transport.RDS, 7, "a", 4096, 1024, 1, 1, Duration.ofSeconds(2))
                .withMemory(MemoryMode.WINDOW, false).problem()).startsWith("memory modes are verbs' (krping's): a rds");
    }

    @Test
    void theMemoryModeReadsInKrpingsWords() {
        assertThat(VERBS.memoryText()).isEqualTo("memory registered once");
        assertThat(VERBS.withMemory(MemoryMode.WINDOW, true).memoryText())
                .isEqualTo("memory window (type 2), invalidated by the server (server_inv)");
        assertThat(VERBS.withMemory(MemoryMode.WINDOW, false).memoryText())
                .isEqualTo("memory window (type 2), invalidated by the client (LOCAL_INV)");
    }

    @Test
    void aMemoryModeFromANewerAgentIsUnknown() {
        byte[] b = bytes(VERBS);
        b[b.length - 2] = 9; // the memory mode's code
        assertThatThrownBy(() -> Terms.read(new DataInputStream(new ByteArrayInputStream(b))))
                .isInstanceOf(Terms.Unknown.class).hasMessageContaining("unknown memory mode 9");
        byte[] o = bytes(VERBS);
        o[o.length - 1] = 6; // option bits beyond server_inv
        assertThatThrownBy(() -> Terms.read(new DataInputStream(new ByteArrayInputStream(o))))
                .isInstanceOf(Terms.Unknown.class).hasMessageContaining("unknown memory option bits 0x6");
    }

    @Test
    void aResponderRefusesTermsItCannotNameAndSaysWhy() throws Exception {
        PingPongConfig config = Loopback.config(1024, 128, 1, 1, Duration.ofSeconds(1));
        try (PingPongService service = Loopback.service(config, "tcp", EndpointType.MSG, AlarmSink.NONE)) {
            service.startResponder();
            byte[] terms = bytes(VERBS);
            terms[terms.length - 2] = 9;
            try (ControlLink link = ControlLink.connect(new InetSocketAddress(config.listen().host(),
                    config.listen().port()), null, 3_000)) {
                link.send(ControlLink.HELLO, out -> {
                    out.write(terms);
                    ControlLink.writeAddresses(out, List.of());
                });
                assertThatThrownBy(() -> link.receive().expect(ControlLink.WELCOME, "WELCOME"))
                        .isInstanceOfSatisfying(ControlLink.RefusedException.class, e -> {
                            assertThat(e.code()).isEqualTo(PingPongResponder.REFUSED_TERMS);
                            assertThat(e.getMessage()).isEqualTo("unknown memory mode 9 (this agent knows once, "
                                    + "reregister and window) in the terms: run the same fabric-health version on "
                                    + "both hosts");
                        });
            }
        }
    }

    @Test
    void anOlderAgentsHelloIsRefusedInAFrameOfItsOwnVersionSayingWhy() throws Exception {
        PingPongConfig config = Loopback.config(1024, 128, 1, 1, Duration.ofSeconds(1));
        try (PingPongService service = Loopback.service(config, "tcp", EndpointType.MSG, AlarmSink.NONE)) {
            service.startResponder();
            try (Socket s = new Socket(config.listen().host(), config.listen().port())) {
                s.setSoTimeout(5_000);
                s.getOutputStream().write(ControlLink.frame(1, ControlLink.HELLO, new byte[40])); // version 1's HELLO
                DataInputStream in = new DataInputStream(s.getInputStream());
                byte[] header = new byte[ControlLink.HEADER];
                in.readFully(header);
                assertThat(header[4]).as("the refusal is in the peer's version, so it can read it").isEqualTo((byte) 1);
                assertThat(header[5]).isEqualTo((byte) ControlLink.REFUSED);
                byte[] body = new byte[ByteBuffer.wrap(header).getInt(6)];
                in.readFully(body);
                DataInputStream b = new DataInputStream(new ByteArrayInputStream(body));
                assertThat(b.readUTF()).isEqualTo("this agent speaks ping-pong control protocol version 2, not 1: run "
                        + "the same fabric-health version on both hosts");
                assertThat(b.readByte()).isEqualTo(PingPongResponder.REFUSED_TERMS);
            }
            assertThat(service.responder().refused()).isEqualTo(1);
        }
    }

    @Test
    void aResponderRefusesServerInvalidateWithoutAWindow() throws Exception {
        PingPongConfig config = Loopback.config(1024, 128, 1, 1, Duration.ofSeconds(1));
        try (PingPongService service = Loopback.service(config, "tcp", EndpointType.MSG, AlarmSink.NONE)) {
            service.startResponder();
            PingPongResult r = service.run(Transport.FABRIC, config.listen(), service.terms(Transport.FABRIC)
                    .withMemory(MemoryMode.ONCE, true));
            assertThat(r.outcome()).isEqualTo(PingPongResult.Outcome.FAIL);
            assertThat(r.reason()).isEqualTo("the peer refused: server_inv (serverInvalidate) is valid only with the "
                    + "window memory mode, as in krping");
        }
    }

    private static byte[] bytes(Terms t) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try {
            t.write(new DataOutputStream(b));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return b.toByteArray();
    }
}
