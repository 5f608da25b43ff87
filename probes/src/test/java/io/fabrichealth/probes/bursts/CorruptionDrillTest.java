package io.fabrichealth.probes.bursts;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.config.BurstPhase;
import io.fabrichealth.config.BurstSet;
import io.fabrichealth.config.EndpointType;
import org.junit.jupiter.api.Test;

/** The fire drill flips one byte on the target; the Corruption alarm names exactly that byte. */
class CorruptionDrillTest {
    /** 4 segments of 64 KiB: the drill flips payload byte 131085. */
    private static final int PAYLOAD = 4 * 64 * 1024;
    private static final int OFFSET = FireDrill.offset(PAYLOAD);

    @Test
    void aByteCorruptedOnTheTargetRaisesCorruptionWithItsExactOffset() {
        RecordingAlarms alarms = new RecordingAlarms();
        try (BurstService service = new BurstService(Loopback.config("tcp", EndpointType.MSG, Loopback.suite("put default"),
                2 << 20), alarms)) {
            service.startTarget();
            service.drill().corruptNextPayloads(1);

            BurstResult result = service.runSet(service.config().listen(), BurstPhase.PUT, BurstSet.DEFAULT);

            assertThat(OFFSET).isEqualTo(131085);
            assertThat(result.outcome()).isEqualTo(BurstResult.Outcome.FAIL);
            assertThat(result.reason()).contains("Corruption").contains("offset " + OFFSET + ", 1 bad byte(s)");
            assertThat(alarms.raised).hasSize(1);
            RecordingAlarms.Raised alarm = alarms.raised.get(0);
            assertThat(alarm.kind()).isEqualTo(AlarmKind.Corruption);
            assertThat(alarm.subject()).isEqualTo(service.config().listen().toString());
            assertThat(alarm.details()).contains("peer " + service.config().listen(), "put default", "burst ", "payload seq 0",
                    "first bad byte at offset " + OFFSET, "1 bad byte(s)");
            assertThat(alarm.details()).containsPattern("expected [0-9a-f]{64}, actual [0-9a-f]{64}");
            assertThat(service.drill().corrupted()).isEqualTo(1);
        }
    }

    @Test
    void aCorruptedGetIsCaughtByTheInitiatorAtTheSameOffset() {
        RecordingAlarms alarms = new RecordingAlarms();
        try (BurstService service = new BurstService(Loopback.config("tcp", EndpointType.MSG, Loopback.suite("get default"),
                2 << 20), alarms)) {
            service.startTarget();
            service.drill().corruptNextPayloads(2);

            BurstResult result = service.runSet(service.config().listen(), BurstPhase.GET, BurstSet.DEFAULT);

            assertThat(result.outcome()).isEqualTo(BurstResult.Outcome.FAIL);
            assertThat(alarms.raised).hasSize(2).allSatisfy(a -> assertThat(a.details())
                    .contains("get default", "first bad byte at offset " + OFFSET, "1 bad byte(s)"));
        }
    }

    @Test
    void withoutADrillNoAlarmIsRaised() {
        RecordingAlarms alarms = new RecordingAlarms();
        try (BurstService service = new BurstService(Loopback.config("tcp", EndpointType.MSG,
                Loopback.suite("get default", "put default"), 2 << 20), alarms)) {
            service.startTarget();
            SuiteResult suite = service.runSuite(service.config().listen());
            assertThat(suite.failed()).isZero();
            assertThat(alarms.raised).isEmpty();
        }
    }
}
