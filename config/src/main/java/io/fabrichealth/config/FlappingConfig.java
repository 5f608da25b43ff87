package io.fabrichealth.config;

import io.fabrichealth.config.bind.Positive;
import io.fabrichealth.config.bind.Range;
import java.time.Duration;

/**
 * When a port is flapping rather than down (the LinkFlapping alarm).
 *
 * @param window a port that went Down and came back Active within it, or whose LinkDownedCounter rose by
 *     {@code linkDowned} or more within it, is flapping; the alarm clears after a window without either
 * @param linkDowned LinkDownedCounter growth within the window that counts as flapping even when no sweep saw the
 *     port Down (it bounced between sweeps)
 */
public record FlappingConfig(@Positive Duration window, @Range(min = 1, max = 1_000_000) long linkDowned) {

    public static final FlappingConfig DEFAULTS = new FlappingConfig(Duration.ofMinutes(4), 2);
}
