package io.fabrichealth.probes.smp.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabrichealth.config.FlappingConfig;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class FlappingTest {
    private static final FlappingConfig RULE = new FlappingConfig(Duration.ofMinutes(4), 2);
    private static final String PORT = "0x0000000000200001/2";
    private final Flapping flapping = new Flapping();
    private final Instant t0 = Instant.parse("2026-11-25T03:00:00Z");

    private Flapping.Judgement at(int seconds, boolean down, long linkDowned) {
        return flapping.observe(PORT, t0.plusSeconds(seconds), down, linkDowned, RULE, "\"leaf-b\" port 2");
    }

    @Test
    void aDownThatComesBackWithinTheWindowIsFlappingUntilAQuietWindowPasses() {
        assertThat(at(0, false, 0).flapping()).isFalse();
        Flapping.Judgement firstDown = at(30, true, 0);
        assertThat(firstDown.flapping()).isFalse();
        assertThat(firstDown.portDownIsFlap()).as("nothing yet says it will come back").isFalse();
        Flapping.Judgement back = at(60, false, 1);
        assertThat(back.flapping()).isTrue();
        assertThat(back.details()).startsWith("\"leaf-b\" port 2 went Down and came back Active once in the last 4m")
                .endsWith("check the cable and both transceivers (reseat or swap)");
        Flapping.Judgement again = at(90, true, 0);
        assertThat(again.flapping()).isTrue();
        assertThat(again.portDownIsFlap()).as("a Down while flapping is part of it").isTrue();
        assertThat(at(120, false, 1).details()).contains("2 times").contains("LinkDownedCounter rose by 2");
        assertThat(at(120 + 239, false, 0).flapping()).isTrue();
        assertThat(at(120 + 241, false, 0).flapping()).as("a whole quiet window").isFalse();
    }

    @Test
    void anOutageLongerThanTheWindowIsNoBounceAndAFlappingPortThatStaysDownBecomesAnOutage() {
        at(0, true, 0);
        assertThat(at(300, false, 1).flapping()).isFalse();
        at(400, true, 0);
        assertThat(at(410, false, 1).flapping()).isTrue();
        assertThat(at(420, true, 0).portDownIsFlap()).isTrue();
        assertThat(at(420 + 250, true, 0).portDownIsFlap()).as("down longer than the window").isFalse();
    }

    @Test
    void linkDownedCounterGrowthAloneIsFlappingFromTheThreshold() {
        assertThat(at(0, false, 1).flapping()).isFalse();
        Flapping.Judgement two = at(30, false, 1);
        assertThat(two.flapping()).isTrue();
        assertThat(two.details()).isEqualTo("\"leaf-b\" port 2 LinkDownedCounter rose by 2 in the last 4m: check the "
                + "cable and both transceivers (reseat or swap)");
    }
}
