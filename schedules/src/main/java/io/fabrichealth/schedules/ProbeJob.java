package io.fabrichealth.schedules;

import org.quartz.DisallowConcurrentExecution;
import org.quartz.Job;
import org.quartz.JobExecutionContext;
import org.quartz.JobExecutionException;

/**
 * The Quartz job of every schedule: a thin shell that hands its schedule name to the runner. A schedule never
 * overlaps itself; the slot a slow run covers becomes a misfire.
 */
@DisallowConcurrentExecution
public final class ProbeJob implements Job {
    private final ScheduleRunner runner;

    ProbeJob(ScheduleRunner runner) {
        this.runner = runner;
    }

    @Override
    public void execute(JobExecutionContext context) throws JobExecutionException {
        try {
            runner.run(ProbeJobData.of(context.getMergedJobDataMap()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new JobExecutionException("interrupted while waiting for the impact budget (shutting down)", e);
        }
    }
}
