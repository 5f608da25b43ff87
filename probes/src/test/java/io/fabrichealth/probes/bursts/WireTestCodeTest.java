package io.fabrichealth.probes.bursts;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.BurstPhase;
import io.fabrichealth.config.BurstSet;
import io.fabrichealth.config.BurstSuite;
import org.junit.jupiter.api.Test;

/** A HELLO carries its phase and its keywords in the order written; a code that names no valid test is refused. */
class WireTestCodeTest {

    @Test
    void everyTestOfFabtrunsSuiteSurvivesTheWireWithItsKeywordOrder() {
        for (BurstPhase phase : BurstPhase.values()) {
            for (BurstSet set : BurstSuite.FABTRUN.sets(phase)) {
                Wire.Test back = Wire.test(Wire.testCode(phase, set));
                assertThat(back).isNotNull();
                assertThat(back.phase()).isEqualTo(phase);
                assertThat(back.set().toString()).as("the order written").isEqualTo(set.toString());
            }
        }
        assertThat(Wire.test(Wire.testCode(BurstPhase.PUT, BurstSet.parse("wait,cancel,reregister"))).set().toString())
                .isEqualTo("wait,cancel,reregister");
    }

    @Test
    void aCodeNamingNoPhaseAnUnknownOrRepeatedKeywordOrContiguousInGetIsRefused() {
        assertThat(Wire.test(0)).as("no phase").isNull();
        assertThat(Wire.test(3)).as("phase 3").isNull();
        assertThat(Wire.test(2 | 6 << 4)).as("keyword 6").isNull();
        assertThat(Wire.test(2 | 1 << 4 | 1 << 8)).as("cacheless twice").isNull();
        assertThat(Wire.test(Wire.testCode(BurstPhase.GET, BurstSet.DEFAULT) | 3 << 4)).as("contiguous in get").isNull();
        assertThat(Wire.test(Wire.testCode(BurstPhase.PUT, BurstSet.DEFAULT) | 3 << 4).set().toString())
                .isEqualTo("contiguous");
    }
}
