package io.fabrichealth.probes.pingpong.verbs;

import io.fabrichealth.config.MemoryMode;
import io.fabrichealth.config.Transport;
import io.fabrichealth.probes.pingpong.CorruptionSink;
import io.fabrichealth.probes.pingpong.LoopReport;
import io.fabrichealth.probes.pingpong.Mismatch;
import io.fabrichealth.probes.pingpong.ResponderCounts;
import io.fabrichealth.probes.pingpong.Terms;
import java.net.Inet4Address;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs in the guest (from GuestPingPongMain): the stale-rkey checks. Check k runs krping's loop for k validated
 * iterations on a fresh connection; at iteration k the server first RDMAs with the rkey the client announced for
 * the same buffer at iteration k-1 (a READ of the source for odd k, a WRITE into the sink for even k). A remote
 * access error on a reliable connection moves both queue pairs to the error state, so every check has a
 * connection of its own: that is what lets each check come right after a different iteration.
 */
public final class GuestStaleRkey {
    private GuestStaleRkey() {
    }

    /** Prints one {@code STALE} line per check: the mode, k, what the stale access got, and the loop's own result. */
    public static void run(String label, MemoryMode memory, boolean serverInvalidate, int checks, Inet4Address server,
            Inet4Address client, int requestBytes) throws Exception {
        for (int k = 1; k <= checks; k++) {
            Terms terms = new Terms(Transport.VERBS, 0x57a1e + k, "stale-check", requestBytes, 64, 1, 1,
                    Duration.ofSeconds(20)).withMemory(memory, serverInvalidate).counting(k + 1);
            boolean write = k % 2 == 0;
            Counting corruptions = new Counting();
            KrpingServer s = KrpingServer.probingStale(server, terms, 2L * k + (write ? 1 : 0), corruptions);
            AtomicBoolean stop = new AtomicBoolean();
            CompletableFuture<ResponderCounts> served = CompletableFuture.supplyAsync(
                    () -> s.serve(stop, System.nanoTime() + Duration.ofSeconds(30).toNanos()));
            LoopReport r;
            ResponderCounts counts;
            try {
                int port = java.nio.ByteBuffer.wrap(s.address()).getShort(4) & 0xffff;
                r = new KrpingClient(terms, corruptions).run(client, server, port);
                stop.set(true);
                counts = served.get(30, TimeUnit.SECONDS);
            } finally {
                stop.set(true);
                s.close();
            }
            System.out.printf("STALE %s k=%d op=%s status=%d stale=0x%08x current=0x%08x completed=%d verified=%d "
                    + "corruptions=%d clientFailure=%s%n", label, k, write ? "WRITE" : "READ",
                    counts.counters().getOrDefault("stale_rkey_status", -2L),
                    counts.counters().getOrDefault("stale_rkey", 0L), counts.counters().getOrDefault("current_rkey", 0L),
                    r.completed(), r.verifiedBytes(), r.corrupt() + corruptions.count,
                    String.valueOf(r.failure()).replace(' ', '_'));
        }
    }

    private static final class Counting implements CorruptionSink {
        volatile long count;

        @Override
        public void corrupted(String direction, int task, long seq, Mismatch mismatch) {
            count++;
        }

        @Override
        public void damaged(String details) {
            count++;
        }
    }
}
