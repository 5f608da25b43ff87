package io.fabrichealth.probes.bursts;

import io.fabrichealth.config.BurstsConfig;
import io.fabrichealth.config.EndpointType;
import java.time.Duration;

/**
 * Child main: with the abort drill armed, runs every set ROUNDS times against an in-process target that
 * leaves each burst mid-way, then one clean suite. Its own JVM, so a crash in native code shows up as a
 * test failure with the child's exit status instead of taking the test JVM down. Prints one
 * "aborted.SET=OUTCOME|millis|reason" line per burst, then "clean.SET=OUTCOME|reason" and "alarms=N".
 */
public final class AbortedBurstsMain {
    private AbortedBurstsMain() {
    }

    public static void main(String[] args) {
        int rounds = Integer.parseInt(args[2]);
        RecordingAlarms alarms = new RecordingAlarms();
        StringBuilder out = new StringBuilder();
        BurstsConfig clean = Loopback.config(args[0], EndpointType.valueOf(args[1]), Loopback.suite(Loopback.SEVEN),
                64 << 20);
        // While the drill aborts, the cancel set is cancelled late: the target's abort (after two payloads) comes
        // first, as it does for every other set, instead of racing the cancel.
        BurstsConfig aborting = new BurstsConfig(clean.listen(), clean.provider(), clean.endpoint(), clean.suite(),
                clean.segmentSize(), clean.segments(), clean.window(), clean.maxBytes(), clean.maxDuration(),
                clean.maxConcurrent(), Duration.ofSeconds(1));
        try (BurstService service = new BurstService(aborting, alarms)) {
            service.startTarget();
            for (int round = 0; round < rounds; round++) {
                for (String test : Loopback.SEVEN) {
                    service.drill().abortNextBursts(1);
                    long start = System.nanoTime();
                    BurstResult r = service.runSet(service.config().listen(), Loopback.phase(test), Loopback.set(test));
                    out.append("aborted.").append(r.testName()).append('=').append(r.outcome().name()).append('|')
                            .append((System.nanoTime() - start) / 1_000_000).append('|')
                            .append(r.reason().replace('\n', ' ')).append('\n');
                    System.err.println("round " + (round + 1) + "/" + rounds + " " + r.testName() + ": " + r.outcome());
                }
            }
            service.drill().abortNextBursts(0);
            service.configure(clean);
            for (BurstResult r : service.runSuite(service.config().listen()).results()) {
                out.append("clean.").append(r.testName()).append('=').append(r.outcome().name()).append('|')
                        .append(r.reason().replace('\n', ' ')).append('\n');
            }
            out.append("aborts=").append(service.drill().aborted()).append('\n');
            out.append("alarms=").append(alarms.raised.size()).append('\n');
        }
        System.out.print(out);
        System.exit(0);
    }
}
