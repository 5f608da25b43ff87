package io.fabrichealth.schedules;

import org.quartz.Job;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.spi.JobFactory;
import org.quartz.spi.TriggerFiredBundle;

/** Hands each {@link ProbeJob} its runner, so the job store itself only ever holds names. */
final class ProbeJobFactory implements JobFactory {
    private final ScheduleRunner runner;

    ProbeJobFactory(ScheduleRunner runner) {
        this.runner = runner;
    }

    @Override
    public Job newJob(TriggerFiredBundle bundle, Scheduler scheduler) throws SchedulerException {
        Class<? extends Job> type = bundle.getJobDetail().getJobClass();
        if (type != ProbeJob.class) {
            throw new SchedulerException("this scheduler only runs " + ProbeJob.class.getName() + ", not "
                    + type.getName() + "; add probes through the config's schedules");
        }
        return new ProbeJob(runner);
    }
}
