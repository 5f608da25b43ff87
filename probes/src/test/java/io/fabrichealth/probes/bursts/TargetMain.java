package io.fabrichealth.probes.bursts;

import io.fabrichealth.config.BurstSet;
import io.fabrichealth.config.Endpoint;
import io.fabrichealth.probes.AlarmSink;
import java.util.List;

/** Child main: a burst target on the given port, serving up to 4 bursts at once, until killed (at most 60 s). */
public final class TargetMain {
    private TargetMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        var base = Loopback.config(args[0], Endpoint.valueOf(args[1]), List.of(BurstSet.DEFAULT), 1L << 40);
        var config = new io.fabrichealth.config.BurstsConfig(new io.fabrichealth.config.HostPort("127.0.0.1",
                Integer.parseInt(args[2])), base.provider(), base.endpoint(), base.sets(), base.segmentSize(),
                base.segments(), base.window(), base.maxBytes(), java.time.Duration.ofSeconds(30), 4,
                base.cancelDelay());
        try (BurstService service = new BurstService(config, AlarmSink.NONE)) {
            service.startTarget();
            System.out.println("ready");
            System.out.flush();
            Thread.sleep(60_000);
        }
    }
}
