package io.fabrichealth.schedules;

import java.util.List;

/**
 * What {@link Schedules#apply} changed, by schedule name.
 *
 * @param rescheduled timing (every, cron or jitter) or probe changed; the next run follows the new timing
 * @param updated only other settings (targets) changed; they apply from the next run
 */
public record Applied(List<String> added, List<String> rescheduled, List<String> updated, List<String> removed) {

    public boolean changedAnything() {
        return !(added.isEmpty() && rescheduled.isEmpty() && updated.isEmpty() && removed.isEmpty());
    }
}
