package io.fabrichealth.schedules;

import org.quartz.JobExecutionContext;
import org.quartz.Trigger;
import org.quartz.listeners.TriggerListenerSupport;

/** Counts the planned runs each misfire drops (Quartz reports one misfire for any number of skipped slots). */
final class MisfireCounter extends TriggerListenerSupport {
    private final ScheduleRunner runner;

    MisfireCounter(ScheduleRunner runner) {
        this.runner = runner;
    }

    @Override
    public String getName() {
        return "fabric-health-misfires";
    }

    /** Quartz passes the trigger as it was before the misfire moved it, so its slot is the first one skipped. */
    @Override
    public void triggerMisfired(Trigger trigger) {
        if (trigger instanceof JitteredTrigger t) {
            runner.misfired(trigger.getJobKey().getName(), t.slotsDueBy(System.currentTimeMillis()));
        }
    }

    @Override
    public boolean vetoJobExecution(Trigger trigger, JobExecutionContext context) {
        return false;
    }
}
