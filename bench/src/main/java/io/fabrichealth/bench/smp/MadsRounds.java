package io.fabrichealth.bench.smp;

import io.fabrichealth.alarms.AlarmSink;
import io.fabrichealth.config.SmpConfig;
import io.fabrichealth.probes.smp.SmpSweepProbe;
import io.fabrichealth.probes.smp.mads.MadsMeasurement;
import io.fabrichealth.probes.smp.mads.MadsResult;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * The agent's measurement ({@link MadsMeasurement} on an {@link SmpSweepProbe}'s engine, default smp settings)
 * in a plain JVM, no Payara: tells the measurement's own cost from the agent's JVM. Warms up once, then answers
 * each {@code SECONDS} line on stdin with {@code depth1=R depth2=R} for the LID given as argument. Ends at EOF.
 */
public final class MadsRounds {

    private MadsRounds() {
    }

    public static void main(String[] args) throws Exception {
        try (SmpSweepProbe probe = SmpSweepProbe.onUmad(null, 0, SmpConfig.DEFAULTS, AlarmSink.NONE)) {
            MadsMeasurement mads = new MadsMeasurement(probe);
            List<String> target = List.of(args[0]);
            for (int i = 0; i < 3; i++) {
                mads.measure(target, "", 2);
            }
            System.out.println("ready");
            System.out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            for (String line; (line = in.readLine()) != null; ) {
                MadsResult r = mads.measure(target, "", Integer.parseInt(line.trim()));
                System.out.printf(Locale.ROOT, "depth1=%.1f depth2=%.1f%n", r.rows().get(0).madsPerSecond(),
                        r.rows().get(1).madsPerSecond());
                System.out.flush();
            }
        }
    }
}
