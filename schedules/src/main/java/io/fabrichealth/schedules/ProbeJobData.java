package io.fabrichealth.schedules;

import java.util.Map;
import org.quartz.JobDataMap;

/**
 * The only data a {@link ProbeJob} carries: the schedule's name, never live objects, so the job store holds
 * nothing that pins a classloader or goes stale on reload. The runner finds everything else from the name.
 */
public record ProbeJobData(String schedule) {
    static final String SCHEDULE = "schedule";

    /** @throws IllegalArgumentException when the map was not written by {@link #toMap()} */
    public static ProbeJobData of(JobDataMap map) {
        String schedule = map.getString(SCHEDULE);
        if (schedule == null) {
            throw new IllegalArgumentException("JobDataMap lacks " + SCHEDULE + ": " + map.keySet()
                    + "; schedule probe jobs through Schedules only");
        }
        return new ProbeJobData(schedule);
    }

    public JobDataMap toMap() {
        return new JobDataMap(Map.of(SCHEDULE, schedule));
    }
}
