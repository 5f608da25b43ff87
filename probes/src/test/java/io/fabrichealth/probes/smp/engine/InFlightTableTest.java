package io.fabrichealth.probes.smp.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.probes.mad.MadRequests;
import io.fabrichealth.probes.mad.SmpRoute;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The engine's TID table against a HashMap, through a long random run of sends and answers. */
class InFlightTableTest {

    @Test
    void findsExactlyWhatAHashMapWouldThroughRandomPutsAndRemoves() {
        InFlightTable table = new InFlightTable();
        Map<Integer, Exchange> reference = new HashMap<>();
        List<Exchange> live = new ArrayList<>();
        Random random = new Random(42);
        Destination d = new Destination("x");
        int tid = random.nextInt();
        for (int step = 0; step < 200_000; step++) {
            if (live.size() < 128 && (live.isEmpty() || random.nextBoolean())) {
                Exchange ex = new Exchange(MadRequests.nodeInfo(SmpRoute.lid(1)), d, o -> { });
                ex.tid = tid++;
                table.put(ex);
                reference.put(ex.tid, ex);
                live.add(ex);
            } else {
                Exchange ex = live.remove(random.nextInt(live.size()));
                table.remove(ex);
                reference.remove(ex.tid);
            }
            int probe = random.nextBoolean() && !live.isEmpty() ? live.get(random.nextInt(live.size())).tid
                    : random.nextInt();
            assertThat(table.get(probe)).isSameAs(reference.get(probe));
            assertThat(table.size()).isEqualTo(reference.size());
        }
    }
}
