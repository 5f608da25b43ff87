package io.fabrichealth.probes.smp;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.jni.MadAddress;
import io.fabrichealth.jni.MadReceipt;
import io.fabrichealth.jni.UmadPort;
import io.fabrichealth.probes.mad.DrPath;
import io.fabrichealth.probes.mad.MadRequest;
import io.fabrichealth.probes.mad.MadRequests;
import io.fabrichealth.probes.smp.engine.EngineSettings;
import io.fabrichealth.probes.smp.engine.EngineStats;
import io.fabrichealth.probes.smp.engine.MadEngine;
import io.fabrichealth.probes.smp.engine.MadOutcome;
import io.fabrichealth.probes.smp.engine.MadTransport;
import io.fabrichealth.probes.smp.engine.UmadTransport;
import java.lang.ref.WeakReference;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * In the child JVM: the engine takes several answers per receive, and a malformed MAD in the middle of a batch
 * fails only its own request, with a clear error; every other answer of that batch and of the run arrives.
 * 512 NodeInfo Gets go to the local port (directed route, 0 hops) under 32 destination names, so up to 128 are in
 * flight and answers queue up. ibsim only ever answers well-formed MADs, so the one malformed MAD is a real answer
 * whose BaseVersion is overwritten on its way in: the transport is the real one with that one byte changed.
 */
public final class BatchReceiveScenario {
    private static final int REQUESTS = 512;

    public static void main(String[] args) {
        MadRequest request = MadRequests.nodeInfo(DrPath.local());
        try (Corrupting transport = new Corrupting(UmadTransport.open(null, 0))) {
            MadEngine engine = new MadEngine(transport, new EngineSettings(128, 4, Duration.ofMillis(2000), 0, 0));
            List<MadOutcome> outcomes = new ArrayList<>();
            // Every callback holds the marker, as a sweep's callbacks hold its visits: once run() is over, the engine
            // must hold none of them.
            Object[] marker = {new byte[1 << 20]};
            WeakReference<Object> held = new WeakReference<>(marker[0]);
            for (int i = 0; i < REQUESTS; i++) {
                Object captured = marker[0];
                engine.submit(request, "self-" + (i % 32), o -> outcomes.add(captured == null ? null : o));
            }
            engine.run();
            marker[0] = null;
            for (int i = 0; i < 5 && held.get() != null; i++) {
                System.gc();
            }
            assertThat(held.get()).as("a finished request's callback is still held by the engine").isNull();
            EngineStats stats = engine.stats();
            String seen = "largest batch " + transport.largest + ", stats " + stats;
            assertThat(transport.largest).as("answers taken in one receive: %s", seen).isGreaterThan(1);
            assertThat(transport.corruptedTid).as("a batch of 3 or more came, so one MAD was corrupted: %s", seen)
                    .isNotNull();
            assertThat(outcomes).as(seen).hasSize(REQUESTS);
            List<MadOutcome.Failed> failed = outcomes.stream().filter(o -> !o.answered())
                    .map(MadOutcome.Failed.class::cast).toList();
            assertThat(failed).as(seen).hasSize(1);
            assertThat(failed.get(0).failure()).isEqualTo(MadOutcome.Failure.DECODE);
            assertThat(failed.get(0).message()).contains("BaseVersion is 127");
            assertThat(stats.sent()).isEqualTo(REQUESTS);
            assertThat(stats.received()).as("the malformed answer still matched its request").isEqualTo(REQUESTS);
            assertThat(stats.timeouts()).isZero();
            assertThat(stats.unmatched()).isZero();
            assertThat(stats.late()).isZero();
            System.out.println("largestBatch=" + transport.largest);
        }
        System.out.println("batch=ok");
    }

    /** The real transport; in the first batch of 3 or more answers, the middle slot's BaseVersion becomes 127. */
    private static final class Corrupting implements MadTransport {
        private final MadTransport real;
        int largest;
        Integer corruptedTid;

        Corrupting(MadTransport real) {
            this.real = real;
        }

        @Override
        public void send(ByteBuffer mad, MadAddress to, int timeoutMillis) {
            real.send(mad, to, timeoutMillis);
        }

        @Override
        public MadReceipt receive(ByteBuffer into, int timeoutMillis) {
            return real.receive(into, timeoutMillis);
        }

        @Override
        public int receiveBatch(ByteBuffer slots, int max, int timeoutMillis) {
            int n = real.receiveBatch(slots, max, timeoutMillis);
            largest = Math.max(largest, n);
            if (n >= 3 && corruptedTid == null) {
                int mad = UmadPort.RECV_SLOT_SIZE + UmadPort.RECV_SLOT_MAD;
                slots.put(mad, (byte) 127);
                corruptedTid = slots.getInt(mad + 12);
            }
            return n;
        }

        @Override
        public void close() {
            real.close();
        }
    }
}
