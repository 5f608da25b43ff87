package io.fabrichealth.probes.pingpong.guest;

import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.config.HostPort;
import io.fabrichealth.config.Transport;
import io.fabrichealth.alarms.AlarmSink;
import io.fabrichealth.probes.pingpong.PingPongResult;
import io.fabrichealth.probes.pingpong.PingPongService;
import io.fabrichealth.testbed.flip.BitFlips;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Runs in the guest, in JVMs started with the bit-flip injector preloaded and FH_FLIP_CTL set.
 * {@code responder HOST PORT}: serves RDS ping-pongs until {@code /tmp/fh-pp-done}, printing its alarms.
 * {@code initiator LOCAL PEER PORT FLIPS}: a clean run, then FLIPS runs with one bit armed each in an RDS receive
 * (a request the responder receives, or an ack this side receives; header or payload), printing a FLIP line per
 * flip: caught (a Corruption, raised here or reported back by the responder), failed (the run failed with a
 * reason) or silent.
 */
public final class GuestFlipMain {
    private static final Path DONE = Path.of("/tmp/fh-pp-done");

    private GuestFlipMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args[0].equals("responder")) {
            responder(args[1], Integer.parseInt(args[2]));
        } else {
            initiator(args[1], new HostPort(args[2], Integer.parseInt(args[3])), Integer.parseInt(args[4]));
        }
        System.exit(0);
    }

    private static void responder(String host, int port) throws Exception {
        try (PingPongService service = GuestPingPongMain.service(Transport.RDS, host, port, new Printed())) {
            service.startResponder();
            System.out.println("responder ready on " + host + ":" + port);
            long deadline = System.nanoTime() + Duration.ofSeconds(110).toNanos();
            while (!Files.exists(DONE) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
        }
    }

    private static void initiator(String local, HostPort peer, int wanted) throws Exception {
        Printed alarms = new Printed();
        SplittableRandom random = new SplittableRandom(20261125);
        try (BitFlips flips = BitFlips.map(Path.of(System.getenv(BitFlips.CONTROL_VARIABLE)), true);
                PingPongService service = GuestPingPongMain.service(Transport.RDS, local, 7999, alarms)) {
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            PingPongResult warm;
            do {
                warm = run(service, peer);
            } while (warm.outcome() == PingPongResult.Outcome.UNREACHABLE && warm.stats().sent() == 0
                    && System.nanoTime() < deadline && sleep());
            PingPongResult clean = run(service, peer);
            System.out.println("CLEAN " + clean.outcome().text() + " corruptions=" + clean.corruptionCount()
                    + " alarms=" + alarms.raised.size());
            int done = 0;
            int attempts = 0;
            while (done < wanted && attempts++ < 3 * wanted) {
                boolean request = random.nextBoolean();
                int size = request ? GuestPingPongMain.REQUEST : GuestPingPongMain.ACK;
                int offset = random.nextInt(size);
                int bit = random.nextInt(8);
                byte[] pattern = {'F', 'H', 'P', 'P', 1, (byte) (request ? 1 : 2)};
                alarms.raised.clear();
                long before = flips.flips();
                // Any descriptor: an RDS socket's getsockname says AF_INET, and only RDS carries these messages here.
                flips.armPattern(pattern, offset, bit, random.nextInt(20), 0);
                PingPongResult r = run(service, peer);
                flips.disarm();
                String type = request ? "REQUEST" : "ACK";
                if (!flips.flippedSince(before)) {
                    System.out.println("MISSED " + type + " offset=" + offset);
                    continue;
                }
                done++;
                String verdict = !alarms.raised.isEmpty() || r.corruptionCount() > 0 ? "caught"
                        : r.outcome() != PingPongResult.Outcome.OK && !r.reason().isBlank() ? "failed" : "silent";
                System.out.println("FLIP rds " + type + " offset=" + offset + " bit=" + bit + " -> " + verdict
                        + " | " + r.outcome().text() + " | " + (alarms.raised.isEmpty() ? r.reason()
                                : alarms.raised.get(0)) + " | " + flips.lastFlip());
            }
        } finally {
            Files.writeString(DONE, "done");
        }
    }

    private static PingPongResult run(PingPongService service, HostPort peer) {
        return service.run(Transport.RDS, peer, service.terms(Transport.RDS).counting(100));
    }

    private static boolean sleep() throws InterruptedException {
        Thread.sleep(300);
        return true;
    }

    /** Prints every raised alarm, and keeps this run's. */
    private static final class Printed implements AlarmSink {
        final List<String> raised = new CopyOnWriteArrayList<>();

        @Override
        public void observe(AlarmKind kind, String subject, boolean bad, String details) {
        }

        @Override
        public void raise(AlarmKind kind, String subject, String details) {
            raised.add(kind + " " + subject + ": " + details);
            System.out.println("ALARM " + kind + " " + subject + ": " + details);
        }
    }
}
