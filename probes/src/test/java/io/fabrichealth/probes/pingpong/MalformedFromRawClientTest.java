package io.fabrichealth.probes.pingpong;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.config.PingPongConfig;
import io.fabrichealth.config.Transport;
import io.fabrichealth.config.EndpointType;
import io.fabrichealth.probes.pingpong.fabric.FabricPlane;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A raw client sends broken messages (bad magic, a size no session allows, a message cut short, a bad CRC, a
 * stranger's session) in the middle of another peer's run: each is counted and dropped, the raw client's own
 * sound request is still answered, and the other peer's run loses nothing.
 */
class MalformedFromRawClientTest {

    @Test
    void brokenMessagesAreCountedAndDroppedWhileOthersAreServed() throws Exception {
        RecordingAlarms alarms = new RecordingAlarms();
        PingPongConfig config = Loopback.config(1024, 128, 2, 1, Duration.ofMillis(1500));
        try (PingPongService service = Loopback.service(config, "tcp", EndpointType.MSG, alarms)) {
            service.startResponder();
            CompletableFuture<PingPongResult> other = CompletableFuture.supplyAsync(
                    () -> service.run(Transport.FABRIC, config.listen()));
            Terms terms = new Terms(Transport.FABRIC, 0x5eed, "raw-client", 512, 128, 1, 1, Duration.ofSeconds(5));
            ResponderCounts counts;
            try (RawClient raw = new RawClient(config.listen(), new FabricPlane("tcp", EndpointType.MSG), terms)) {
                ByteBuffer b = raw.buffer();
                int off = raw.build(0, terms.session());
                b.put(off, (byte) 'X');
                raw.send(off, 512);                                  // bad magic
                off = raw.build(1, terms.session());
                b.putInt(off + 12, 8 << 20);
                raw.send(off, 512);                                  // claims 8 MiB: bad CRC first
                off = raw.build(2, terms.session());
                raw.send(off, 20);                                   // truncated
                off = raw.build(3, terms.session());
                raw.send(off, 300);                                  // shorter than its header says
                off = raw.build(4, 0xbad);
                raw.send(off, 512);                                  // a stranger's session

                off = raw.build(5, terms.session());
                raw.send(off, 512);
                Header ack = raw.receive(5_000);

                assertThat(ack).as("the sound request is still answered").isNotNull();
                assertThat(ack.type()).isEqualTo(Header.ACK);
                assertThat(ack.seq()).isEqualTo(5);
                counts = raw.finish();
            }

            assertThat(counts.malformed()).isEqualTo(5);
            assertThat(counts.requests()).isEqualTo(1);
            assertThat(counts.acks()).isEqualTo(1);
            PingPongResult r = other.get(30, TimeUnit.SECONDS);
            assertThat(r.outcome()).as(r.summary()).isEqualTo(PingPongResult.Outcome.OK);
            assertThat(r.stats().lost() + r.stats().malformed() + r.responder().malformed()).isZero();
            assertThat(service.responder().malformed()).isEqualTo(5);
            // What arrived damaged is a Corruption (the responder cannot tell a broken sender from a broken wire);
            // a sound message of a stranger's session is only stray.
            assertThat(alarms.raised).extracting(a -> a.kind()).containsOnly(AlarmKind.Corruption);
            assertThat(alarms.raised).extracting(a -> a.details()).satisfiesExactly(
                    d -> assertThat(d).contains("bad magic"), d -> assertThat(d).contains("bad crc"),
                    d -> assertThat(d).contains("truncated (20 bytes"), d -> assertThat(d).contains("truncated (300 bytes"));
        }
    }
}
