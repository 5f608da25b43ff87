package io.fabrichealth.schedules;

import java.util.Properties;
import java.util.UUID;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.impl.StdSchedulerFactory;

/** The one place Quartz is configured: in memory, daemon threads, no phone-home, a name unique per instance. */
final class QuartzSetup {

    private QuartzSetup() {
    }

    /**
     * A scheduler in standby. The name is unique so that a redeploy in the same JVM (Quartz keeps a JVM-wide
     * registry of schedulers by name) never picks up the previous deployment's scheduler.
     */
    static Scheduler newScheduler(int threads, Tuning tuning) throws SchedulerException {
        String name = "fabric-health-" + UUID.randomUUID().toString().substring(0, 8);
        Properties p = new Properties();
        p.setProperty(StdSchedulerFactory.PROP_SCHED_INSTANCE_NAME, name);
        p.setProperty(StdSchedulerFactory.PROP_SCHED_INSTANCE_ID, name);
        // Quartz 2.5 no longer phones home; the key keeps an older Quartz on the classpath quiet as well.
        p.setProperty("org.quartz.scheduler.skipUpdateCheck", "true");
        p.setProperty(StdSchedulerFactory.PROP_SCHED_MAKE_SCHEDULER_THREAD_DAEMON, "true");
        p.setProperty(StdSchedulerFactory.PROP_SCHED_JMX_EXPORT, "false");
        p.setProperty(StdSchedulerFactory.PROP_THREAD_POOL_CLASS, "org.quartz.simpl.SimpleThreadPool");
        p.setProperty("org.quartz.threadPool.threadCount", Integer.toString(threads));
        p.setProperty("org.quartz.threadPool.threadNamePrefix", name + "-worker");
        p.setProperty("org.quartz.threadPool.makeThreadsDaemons", "true");
        // Probe code runs with the web application's classloader, as it would on a request thread.
        p.setProperty("org.quartz.threadPool.threadsInheritContextClassLoaderOfInitializingThread", "true");
        p.setProperty(StdSchedulerFactory.PROP_JOB_STORE_CLASS, "org.quartz.simpl.RAMJobStore");
        p.setProperty("org.quartz.jobStore.misfireThreshold", Long.toString(tuning.misfireThreshold().toMillis()));
        return new StdSchedulerFactory(p).getScheduler();
    }
}
