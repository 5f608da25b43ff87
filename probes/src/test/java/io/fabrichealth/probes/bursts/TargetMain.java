package io.fabrichealth.probes.bursts;

import io.fabrichealth.config.EndpointType;
import io.fabrichealth.alarms.AlarmSink;

/**
 * Child main: a burst target on the given port, serving up to 4 bursts at once, until killed (at most 60 s).
 * Prints "ready", then "started K" as sessions begin.
 */
public final class TargetMain {
    private TargetMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        var base = Loopback.config(args[0], EndpointType.valueOf(args[1]), Loopback.suite("put default"), 1L << 40);
        var config = new io.fabrichealth.config.BurstsConfig(new io.fabrichealth.config.HostPort("127.0.0.1",
                Integer.parseInt(args[2])), base.provider(), base.endpoint(), base.suite(), base.segmentSize(),
                base.segments(), base.window(), base.maxBytes(), java.time.Duration.ofSeconds(30), 4,
                base.cancelDelay());
        try (BurstService service = new BurstService(config, AlarmSink.NONE)) {
            service.startTarget();
            System.out.println("ready");
            System.out.flush();
            // "started K" once K sessions have been served (each lasts seconds), so a test can kill an initiator
            // knowing its burst reached this target. Refused sessions are not counted.
            long end = System.nanoTime() + 60_000_000_000L;
            long last = 0;
            while (System.nanoTime() < end) {
                long now = service.budget().served();
                if (now > last) {
                    System.out.println("started " + now);
                    System.out.flush();
                }
                last = now;
                Thread.sleep(20);
            }
        }
    }
}
