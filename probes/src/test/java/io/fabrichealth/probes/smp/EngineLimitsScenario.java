package io.fabrichealth.probes.smp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabrichealth.config.SmpConfig;
import io.fabrichealth.probes.smp.engine.EngineStats;
import io.fabrichealth.probes.smp.engine.UmadTransport;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * In the child JVM, on a fat tree: with every window setting the engine's own in-flight maxima stay within the
 * configured windows, every MAD that leaves is a Get (scanned on its way out), and a Set is refused at the
 * transport. Prints the maxima and sweep times per setting.
 */
public final class EngineLimitsScenario {

    public static void main(String[] args) {
        int expectedNodes = Integer.parseInt(args[0]);
        record Windows(int window, int perDestination) {
        }
        List<Windows> settings = List.of(new Windows(1, 1), new Windows(8, 2), new Windows(64, 1),
                new Windows(64, 2), new Windows(128, 4));
        for (Windows w : settings) {
            SmpConfig config = new SmpConfig(w.window(), w.perDestination(), Duration.ofMillis(1000), 3, 0, List.of(),
                    Map.of(), false);
            RecordingTransport[] wire = new RecordingTransport[1];
            try (SmpSweepProbe probe = new SmpSweepProbe(() -> wire[0] = new RecordingTransport(UmadTransport.open(null,
                    0)), config, new Sweeps.Recorded(), Clock.systemUTC())) {
                Sweeps.sweep(probe);
                SmpSnapshot s = Sweeps.sweep(probe);
                EngineStats e = s.engine();
                String tag = w.window() + "x" + w.perDestination();
                System.out.println("sweepMillis." + tag + "=" + s.sweepDurationMillis());
                System.out.println("maxInFlightLocal." + tag + "=" + e.maxInFlightLocal());
                System.out.println("maxInFlightPerDestination." + tag + "=" + e.maxInFlightPerDestination());
                assertThat(s.nodesSeen()).isEqualTo(expectedNodes);
                assertThat(e.maxInFlightLocal()).as("local window %s", tag).isBetween(1, w.window());
                assertThat(e.maxInFlightPerDestination()).as("per-destination window %s", tag)
                        .isBetween(1, w.perDestination());
                assertThat(e.sent()).isEqualTo(wire[0].total());
                assertThat(e.timeouts()).isZero();
                assertThat(wire[0].notGet).as("MADs other than Get among %s", wire[0].sent).isZero();
                assertThat(wire[0].sent.keySet()).allMatch(k -> k.matches("0x(01|81|04)/0x01/0x00(01|10|11|12|15|1d)"));
                if (w.window() == 8) {
                    assertThat(e.maxInFlightLocal()).as("a fat tree has enough work to fill a window of 8").isEqualTo(8);
                    System.out.println("madsPerSweep=" + wire[0].total() / 2);
                    System.out.println("madsByClassMethodAttribute=" + wire[0].sent.toString().replace(' ', '_'));
                }
                if (w.perDestination() == 1) {
                    setIsRefused(wire[0]);
                }
            }
        }
        System.out.println("limits=ok");
    }

    /** The transport's last guard: a Set (method 0x02) never leaves, whoever builds it. */
    private static void setIsRefused(RecordingTransport wire) {
        ByteBuffer set = ByteBuffer.allocateDirect(256);
        set.put(0, (byte) 1).put(1, (byte) 0x81).put(2, (byte) 1).put(3, (byte) 0x02).putShort(16, (short) 0x15);
        int before = wire.notGet;
        assertThatThrownBy(() -> wire.send(set, io.fabrichealth.jni.MadAddress.directedRoute(), 1000))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("sends Get (0x01) only");
        assertThat(wire.notGet).as("the scan saw the attempt").isEqualTo(before + 1);
    }
}
