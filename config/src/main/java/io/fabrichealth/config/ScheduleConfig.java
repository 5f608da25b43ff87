package io.fabrichealth.config;

import io.fabrichealth.config.bind.NotBlank;
import io.fabrichealth.config.bind.Nullable;
import io.fabrichealth.config.bind.Positive;
import io.fabrichealth.config.bind.Required;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * When one probe family runs against one group of targets. Exactly one of {@code every} and {@code cron}.
 *
 * @param name unique among schedules
 * @param every fixed interval
 * @param cron Quartz cron expression (seconds first), e.g. {@code 0 0/5 * * * ?}
 * @param jitter 0% to 50%: interval runs land within ± this share of the interval around a fixed grid, cron runs
 *     up to this share of the gap later, so agents do not fire together
 * @param targets peer names, or {@code self}; empty = every peer, or {@code self} when there are no peers.
 *     smp-sweep schedules take no targets (see {@code smp.targets})
 */
public record ScheduleConfig(
        @Required @NotBlank String name,
        @Required ProbeFamily probe,
        @Nullable @Positive Duration every,
        @Nullable String cron,
        Percent jitter,
        List<String> targets,
        boolean enabled) {

    public static final ScheduleConfig DEFAULTS = new ScheduleConfig(null, null, null, null, Percent.of(10),
            List.of(), true);

    public Optional<Duration> interval() {
        return Optional.ofNullable(every);
    }

    public Optional<String> cronExpression() {
        return Optional.ofNullable(cron);
    }
}
