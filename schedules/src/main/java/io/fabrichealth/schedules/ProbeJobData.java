package io.fabrichealth.schedules;

import io.fabrichealth.config.ProbeKind;
import java.util.Map;
import org.quartz.JobDataMap;

/**
 * The only data a {@link ProbeJob} carries: names, never live objects, so the job store holds nothing that pins
 * a classloader or goes stale on reload.
 */
public record ProbeJobData(String schedule, ProbeKind probe) {
    static final String SCHEDULE = "schedule";
    static final String PROBE = "probe";

    /** @throws IllegalArgumentException when the map was not written by {@link #toMap()} */
    public static ProbeJobData of(JobDataMap map) {
        String schedule = map.getString(SCHEDULE);
        String probe = map.getString(PROBE);
        if (schedule == null || probe == null) {
            throw new IllegalArgumentException("JobDataMap lacks " + SCHEDULE + "/" + PROBE + ": " + map.keySet()
                    + "; schedule probe jobs through Schedules only");
        }
        return new ProbeJobData(schedule, ProbeKind.valueOf(probe));
    }

    public JobDataMap toMap() {
        return new JobDataMap(Map.of(SCHEDULE, schedule, PROBE, probe.name()));
    }
}
