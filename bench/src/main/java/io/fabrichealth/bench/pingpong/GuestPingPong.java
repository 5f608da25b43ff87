package io.fabrichealth.bench.pingpong;

import io.fabrichealth.config.ByteSize;
import io.fabrichealth.config.HostPort;
import io.fabrichealth.config.PingPongConfig;
import io.fabrichealth.config.Transport;
import io.fabrichealth.alarms.AlarmSink;
import io.fabrichealth.probes.pingpong.DataPlane;
import io.fabrichealth.probes.pingpong.PingPongResult;
import io.fabrichealth.probes.pingpong.PingPongService;
import io.fabrichealth.probes.pingpong.rds.RdsPlane;
import io.fabrichealth.probes.pingpong.verbs.VerbsPlane;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Runs in the guest: the verbs and RDS ping-pongs from address B to a responder on A, 4 KiB, depth 1, 1 task. */
public final class GuestPingPong {
    private GuestPingPong() {
    }

    public static void main(String[] args) {
        for (Transport t : new Transport[] {Transport.VERBS, Transport.RDS}) {
            DataPlane plane = t == Transport.VERBS ? new VerbsPlane() : new RdsPlane();
            try (PingPongService responder = service(t, plane, args[0], 7472);
                    PingPongService initiator = service(t, plane, args[1], 7473)) {
                responder.startResponder();
                initiator.run(t, new HostPort(args[0], 7472)); // warm-up
                PingPongResult r = initiator.run(t, new HostPort(args[0], 7472));
                System.out.printf(Locale.ROOT, "JAVA %s ping-pong (%s): %s, p50 %.0f us, p99 %.0f us, %d round trips%n",
                        t.name().toLowerCase(Locale.ROOT), r.transportInUse(), r.outcome().text(),
                        r.stats().rttP50Micros(), r.stats().rttP99Micros(), r.stats().acked());
            }
        }
        System.exit(0);
    }

    private static PingPongService service(Transport t, DataPlane plane, String host, int port) {
        PingPongConfig config = new PingPongConfig(new HostPort(host, port), List.of(t), ByteSize.ofKiB(4),
                ByteSize.ofKiB(4), 1, 1, Duration.ofSeconds(3));
        return new PingPongService(config, Map.of(t, plane), AlarmSink.NONE);
    }
}
