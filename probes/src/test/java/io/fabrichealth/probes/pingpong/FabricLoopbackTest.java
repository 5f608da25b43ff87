package io.fabrichealth.probes.pingpong;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.config.PingPongConfig;
import io.fabrichealth.config.Transport;
import io.fabrichealth.config.EndpointType;
import io.fabrichealth.jni.fabric.FabricLibrary;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The libfabric transport on loopback, CI's three cases: validation on with no corruption, and the fire drill
 * caught at its exact offset; over tcp MSG and tcp;ofi_rxm RDM, with several tasks and depth.
 */
class FabricLoopbackTest {

    @Test
    void everyRequestIsAckedAndVerifiedOverTcpMsg() {
        runClean("tcp", EndpointType.MSG);
    }

    @Test
    void everyRequestIsAckedAndVerifiedOverRxmRdm() {
        runClean("tcp;ofi_rxm", EndpointType.RDM);
    }

    private static void runClean(String provider, EndpointType type) {
        RecordingAlarms alarms = new RecordingAlarms();
        PingPongConfig config = Loopback.config(4096, 256, 4, 2, Duration.ofMillis(800));
        long handles = FabricLibrary.openHandles();
        try (PingPongService service = Loopback.service(config, provider, type, alarms)) {
            service.startResponder();

            PingPongResult r = service.run(Transport.FABRIC, config.listen());

            assertThat(r.outcome()).as(r.summary()).isEqualTo(PingPongResult.Outcome.OK);
            assertThat(r.reachable()).isTrue();
            assertThat(r.transportInUse()).isEqualTo(provider + " " + type);
            PingPongStats s = r.stats();
            assertThat(s.sent()).isGreaterThan(100).isEqualTo(s.acked());
            assertThat(s.lost() + s.late() + s.malformed() + s.corruptions()).isZero();
            assertThat(r.responder().requests()).isEqualTo(s.sent());
            assertThat(r.responder().acks()).isEqualTo(s.sent());
            assertThat(r.responder().verifiedBytes()).isEqualTo(s.sent() * (4096 - Header.SIZE));
            assertThat(r.responder().corrupt() + r.responder().malformed()).isZero();
            assertThat(s.rttMinMicros()).isPositive().isLessThanOrEqualTo(s.rttP50Micros());
            assertThat(s.rttP50Micros()).isLessThanOrEqualTo(s.rttP99Micros());
            assertThat(s.rttP99Micros()).isLessThanOrEqualTo(s.rttMaxMicros());
            assertThat(s.txPerSecond()).isCloseTo(s.sent() / s.seconds(), org.assertj.core.data.Percentage.withPercentage(1));
            assertThat(s.txRxBytesPerSecond()).isCloseTo(s.sent() * (4096 + 256) / s.seconds(),
                    org.assertj.core.data.Percentage.withPercentage(1));
            assertThat(s.txMicrosPerSend()).isPositive();
            assertThat(alarms.raised).isEmpty();
            assertThat(alarms.lastBad(AlarmKind.PeerUnreachable)).isFalse();
        }
        assertThat(FabricLibrary.openHandles()).as("fids left open").isEqualTo(handles);
    }

    @Test
    void perSecondLinesAddUpToTheRunAndTheMeanRttIsTheRunsAverage() {
        RecordingAlarms alarms = new RecordingAlarms();
        PingPongConfig config = Loopback.config(1024, 64, 2, 2, Duration.ofMillis(2300));
        try (PingPongService service = Loopback.service(config, "tcp", EndpointType.MSG, alarms)) {
            service.startResponder();

            PingPongResult r = service.run(Transport.FABRIC, config.listen());

            assertThat(r.outcome()).as(r.summary()).isEqualTo(PingPongResult.Outcome.OK);
            PingPongStats s = r.stats();
            // rds-stress prints whole seconds only: 2 of a 2.3 s run, each with both tasks.
            assertThat(s.perSecond()).as(s.perSecond().toString()).hasSize(2).allSatisfy(sec -> {
                assertThat(sec.tasks()).isEqualTo(2);
                assertThat(sec.tx()).isPositive();
                assertThat(sec.txRxBytes()).isEqualTo(sec.tx() * 1024 + sec.rx() * 64);
                assertThat(sec.rttMicros()).isPositive();
                assertThat(sec.txMicrosPerCall()).isPositive();
            });
            long linesTx = s.perSecond().stream().mapToLong(Second::tx).sum();
            long linesRx = s.perSecond().stream().mapToLong(Second::rx).sum();
            assertThat(linesTx).as("whole seconds hold most of the run's requests, never more")
                    .isLessThanOrEqualTo(s.sent()).isGreaterThan(s.sent() / 2);
            assertThat(linesRx).isLessThanOrEqualTo(s.acked());
            assertThat(s.rttMeanMicros()).isBetween(s.rttMinMicros(), s.rttMaxMicros());
        }
    }

    @Test
    void aCountedRunSendsExactlyTheCountPerTaskAndEndsEarly() {
        RecordingAlarms alarms = new RecordingAlarms();
        PingPongConfig timed = Loopback.config(1024, 64, 4, 2, Duration.ofSeconds(30));
        PingPongConfig config = new PingPongConfig(timed.listen(), timed.transports(), timed.requestSize(),
                timed.ackSize(), timed.depth(), timed.tasks(), timed.duration(), 250);
        try (PingPongService service = Loopback.service(config, "tcp", EndpointType.MSG, alarms)) {
            service.startResponder();
            long t0 = System.nanoTime();

            PingPongResult r = service.run(Transport.FABRIC, config.listen());

            assertThat(r.outcome()).as(r.summary()).isEqualTo(PingPongResult.Outcome.OK);
            assertThat(r.stats().sent()).as("250 per task, 2 tasks").isEqualTo(500).isEqualTo(r.stats().acked());
            assertThat(r.responder().verifiedBytes()).isEqualTo(500L * (1024 - Header.SIZE));
            // A run the 30 s ended takes 30 s however fast the machine is; one the count ended takes less.
            assertThat(Duration.ofNanos(System.nanoTime() - t0)).as("the count ends the run, not the 30 s")
                    .isLessThan(timed.duration());
        }
    }

    @Test
    void theFireDrillIsCaughtAtItsExactOffset() {
        RecordingAlarms alarms = new RecordingAlarms();
        PingPongConfig config = Loopback.config(1024, 1024, 2, 1, Duration.ofMillis(300));
        int payload = 1024 - Header.SIZE;
        int offset = PingPongDrill.offset(payload);
        try (PingPongService service = Loopback.service(config, "tcp", EndpointType.MSG, alarms)) {
            service.startResponder();
            service.drill().corruptNextPayloads(3);

            PingPongResult r = service.run(Transport.FABRIC, config.listen());

            assertThat(offset).isEqualTo(501);
            assertThat(r.outcome()).isEqualTo(PingPongResult.Outcome.FAIL);
            assertThat(r.reachable()).isTrue();
            assertThat(r.stats().corruptions()).isEqualTo(3);
            assertThat(r.reason()).startsWith("3 corrupted payload(s)");
            assertThat(service.drill().corrupted()).isEqualTo(3);
            assertThat(alarms.raised).hasSize(3).allSatisfy(a -> {
                assertThat(a.kind()).isEqualTo(AlarmKind.Corruption);
                assertThat(a.subject()).isEqualTo("pingpong fabric " + config.listen());
                assertThat(a.details()).contains("peer " + config.listen(), "transport fabric", "ack from responder task 0, initiator task 0",
                        "first bad byte at payload offset " + offset, "(message byte " + (offset + Header.SIZE) + ")",
                        "1 bad byte(s)").containsPattern("seq \\d+:").containsPattern(
                        "expected [0-9a-f]{64}, actual [0-9a-f]{64}");
            });
            assertThat(r.corruptions()).hasSize(3);
        }
    }
}
