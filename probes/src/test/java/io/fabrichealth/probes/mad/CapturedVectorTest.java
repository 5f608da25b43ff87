package io.fabrichealth.probes.mad;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The codec reads real bytes the way infiniband-diags does. The vectors were captured from ibsim with
 * src/test/resources/io/fabrichealth/probes/mad/vectors/capture.sh (smpquery/perfquery -d -d dump the
 * raw MADs; the tool's normal output sits next to them in the same file).
 */
class CapturedVectorTest {

    static Stream<MadVector> vectors() {
        return MadVector.all(MadVector.folder()).stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void decodedFieldsEqualWhatTheToolPrintedForTheSameBytes(MadVector vector) throws MadDecodeException {
        VectorChecks.check(vector);
    }

    @Test
    void theVectorsCoverEveryDecoderBothRoutesAndAnErrorStatus() {
        List<MadVector> all = MadVector.all(MadVector.folder());
        assertThat(all).extracting(v -> v.command.replaceAll(" [0-9,]+", ""))
                .contains("smpquery nodeinfo", "smpquery -D nodeinfo", "smpquery nodedesc", "smpquery -D nodedesc",
                        "smpquery switchinfo", "smpquery -D switchinfo", "smpquery portinfo", "smpquery -D portinfo",
                        "perfquery", "perfquery -x", "perfquery -a");
        assertThat(all).filteredOn(v -> v.exitStatus != 0).extracting(v -> v.command.split(" ")[0])
                .contains("smpquery", "perfquery");
    }

    @Test
    void portStatesFromActiveToDownToInitializeAreAllInTheVectors() throws MadDecodeException {
        assertThat(PortInfo.decode(MadVector.load("portinfo-switch-hdr").lastReceived(), 0).state())
                .isEqualTo(PortState.ACTIVE);
        PortInfo unlinked = PortInfo.decode(MadVector.load("portinfo-unlinked").lastReceived(), 0);
        assertThat(unlinked.state()).isEqualTo(PortState.DOWN);
        assertThat(unlinked.physState()).isEqualTo(PhysState.POLLING);
        PortInfo relinked = PortInfo.decode(MadVector.load("portinfo-relinked").lastReceived(), 0);
        assertThat(relinked.state()).isEqualTo(PortState.INIT);
        assertThat(relinked.physState()).isEqualTo(PhysState.LINK_UP);
    }

    @Test
    void countersSetToTheirMaximumReadAsSaturated() throws MadDecodeException {
        PortCounters max = PortCounters.decode(MadVector.load("perf-counters-max").lastReceived(), 0);
        for (PortCounter c : PortCounter.values()) {
            boolean setByTheCapture = c != PortCounter.LINK_ERROR_RECOVERY_COUNTER
                    && c != PortCounter.LINK_DOWNED_COUNTER && c != PortCounter.QP1_DROPPED;
            assertThat(max.isSaturated(c)).as(c.displayName()).isEqualTo(setByTheCapture);
        }
        PortCounters normal = PortCounters.decode(MadVector.load("perf-counters").lastReceived(), 0);
        assertThat(PortCounter.values()).noneMatch(normal::isSaturated);
    }

    @Test
    void aWrongPrintedValueOrAChangedByteFailsTheComparison() {
        MadVector printed = MadVector.load("portinfo-ca-edr");
        int line = printed.output.indexOf("LinkWidthActive:.................4X");
        assertThat(line).isNotNegative();
        printed.output.set(line, "LinkWidthActive:.................12X");
        assertThatThrownBy(() -> VectorChecks.check(printed)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("LinkWidthActive");

        MadVector bytes = MadVector.load("portinfo-ca-edr");
        bytes.lastReceived()[Mad.DATA_OFFSET + 62] ^= 0x60; // LinkSpeedExtActive EDR -> HDR
        assertThatThrownBy(() -> VectorChecks.check(bytes)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("LinkSpeedExtActive");
    }
}
