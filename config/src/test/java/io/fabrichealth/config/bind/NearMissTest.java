package io.fabrichealth.config.bind;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class NearMissTest {
    static final List<String> KEYS = List.of("window", "perDestination", "timeout", "retries");

    @Test
    void aTypoOrWrongCaseFindsTheKeyButAStrangerDoesNot() {
        assertThat(NearMiss.closest("windw", KEYS)).contains("window");
        assertThat(NearMiss.closest("perdestination", KEYS)).contains("perDestination");
        assertThat(NearMiss.closest("retires", KEYS)).contains("retries");
        assertThat(NearMiss.closest("colour", KEYS)).isEmpty();
        assertThat(NearMiss.distance("kitten", "sitting")).isEqualTo(3);
    }

    @Test
    void locatorFallsBackToTheNearestWrittenAncestor() {
        Locator at = new Locator(java.util.Map.of("", new Position(1, 1), "peers", new Position(3, 3),
                "peers[1]", new Position(5, 5)));
        assertThat(at.at("peers[1].address")).isEqualTo(new Position(5, 5));
        assertThat(at.at("peers[2].name")).isEqualTo(new Position(3, 3));
        assertThat(at.at("smp.timeout")).isEqualTo(new Position(1, 1));
    }
}
