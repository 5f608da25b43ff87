package io.fabrichealth.probes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DrillCounterTest {

    @Test
    void firesOnExactlyTheArmedNumberOfEventsAndRearmingReplaces() {
        DrillCounter drill = new DrillCounter("abortNextBursts");
        assertThat(drill.take()).as("unarmed").isFalse();
        drill.arm(2);
        assertThat(drill.take()).isTrue();
        assertThat(drill.pending()).isEqualTo(1);
        drill.arm(1); // replaces, does not add
        assertThat(drill.take()).isTrue();
        assertThat(drill.take()).isFalse();
        assertThat(drill.pending()).isZero();
        assertThat(drill.fired()).isEqualTo(2);
    }

    @Test
    void aNegativeCountNamesTheOperation() {
        assertThatThrownBy(() -> new DrillCounter("corruptNextPayloads").arm(-1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("corruptNextPayloads takes a count >= 0, not -1");
    }
}
