package io.fabrichealth.schedules;

import io.fabrichealth.config.FabricHealthConfig;
import io.fabrichealth.config.ScheduleConfig;
import io.fabrichealth.probes.ProbeCounts;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.quartz.JobBuilder;
import org.quartz.JobDetail;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.Trigger;
import org.quartz.TriggerBuilder;

/**
 * The agent's schedules: one Quartz job per enabled schedule of the config, every run inside one impact budget.
 *
 * <p>Interval runs land within ±jitter of a fixed grid; cron runs land up to jitter × (gap to the next cron time)
 * after the cron time. A run that cannot start on time is skipped and counted as a misfire, never piled up.
 *
 * <p>The worker pool has {@code budget.maxConcurrentProbes + 1} threads, sized at start: a reload that raises the
 * budget beyond that takes full effect after a restart (the budget itself changes at once).
 */
public final class Schedules implements AutoCloseable {
    /** How far after a (re)schedule the first interval slot lies, on top of the jitter window. */
    private static final Duration FIRST_RUN_DELAY = Duration.ofMillis(100);

    private final Scheduler scheduler;
    private final ScheduleRunner runner;
    private final int threads;
    private final Map<String, ScheduleConfig> applied = new LinkedHashMap<>();

    private Schedules(Scheduler scheduler, ScheduleRunner runner, int threads) {
        this.scheduler = scheduler;
        this.runner = runner;
        this.threads = threads;
    }

    public static Schedules start(FabricHealthConfig config, ProbeCatalog catalog, ProbeCounts counts,
            ScheduleListener listener) {
        return start(config, catalog, counts, listener, Tuning.DEFAULTS);
    }

    /** @throws IllegalStateException when Quartz cannot start; the message says why */
    public static Schedules start(FabricHealthConfig config, ProbeCatalog catalog, ProbeCounts counts,
            ScheduleListener listener, Tuning tuning) {
        ScheduleRunner runner = new ScheduleRunner(config, Objects.requireNonNull(catalog),
                Objects.requireNonNull(counts), Objects.requireNonNull(listener), tuning.budgetWait());
        int threads = config.budget().maxConcurrentProbes() + 1;
        Scheduler scheduler = null;
        try {
            scheduler = QuartzSetup.newScheduler(threads, tuning);
            scheduler.setJobFactory(new ProbeJobFactory(runner));
            scheduler.getListenerManager().addTriggerListener(new MisfireCounter(runner));
            Schedules schedules = new Schedules(scheduler, runner, threads);
            scheduler.start();
            schedules.apply(config);
            return schedules;
        } catch (SchedulerException | RuntimeException e) {
            shutdownQuietly(scheduler);
            throw new IllegalStateException("cannot start the probe schedules: " + e.getMessage(), e);
        }
    }

    /**
     * Brings the running schedules in line with {@code config} without a restart: adds, removes and reschedules
     * by name; a paused schedule stays paused. Schedules with {@code enabled: false} are removed.
     *
     * @throws IllegalStateException when Quartz refuses a change; the schedules applied before it stay in force
     */
    public synchronized Applied apply(FabricHealthConfig config) {
        runner.config(config);
        Map<String, ScheduleConfig> wanted = new LinkedHashMap<>();
        config.schedules().stream().filter(ScheduleConfig::enabled).forEach(s -> wanted.put(s.name(), s));
        List<String> added = new ArrayList<>();
        List<String> rescheduled = new ArrayList<>();
        List<String> updated = new ArrayList<>();
        List<String> removed = new ArrayList<>();
        try {
            for (String name : List.copyOf(applied.keySet())) {
                ScheduleConfig old = applied.get(name);
                ScheduleConfig now = wanted.get(name);
                if (now == null || now.probe() != old.probe()) {
                    remove(name);
                    removed.add(name);
                }
            }
            for (ScheduleConfig s : wanted.values()) {
                ScheduleConfig old = applied.get(s.name());
                if (old == null) {
                    add(s);
                    added.add(s.name());
                } else if (!sameTiming(old, s)) {
                    reschedule(s);
                    rescheduled.add(s.name());
                } else if (!old.equals(s)) {
                    runner.controls().get(s.name()).config(s);
                    applied.put(s.name(), s);
                    updated.add(s.name());
                }
            }
        } catch (SchedulerException e) {
            throw new IllegalStateException("cannot apply the schedules of " + config.source() + ": "
                    + e.getMessage(), e);
        }
        // A probe change is a remove plus an add; report it once, as rescheduled.
        List<String> replaced = added.stream().filter(removed::contains).toList();
        added.removeAll(replaced);
        removed.removeAll(replaced);
        rescheduled.addAll(replaced);
        return new Applied(List.copyOf(added), List.copyOf(rescheduled), List.copyOf(updated), List.copyOf(removed));
    }

    /** The live schedules, in config order. */
    public synchronized List<ScheduleControl> controls() {
        return applied.keySet().stream().map(runner.controls()::get).filter(Objects::nonNull).toList();
    }

    public Optional<ScheduleControl> control(String name) {
        return Optional.ofNullable(runner.controls().get(name));
    }

    /** The Quartz scheduler's name, unique per instance (shows in thread names). */
    public String schedulerName() {
        try {
            return scheduler.getSchedulerName();
        } catch (SchedulerException e) {
            return "unknown";
        }
    }

    public int threads() {
        return threads;
    }

    /** Stops firing, waits for running probes to finish, and ends the worker threads. */
    @Override
    public synchronized void close() {
        runner.controls().values().forEach(ScheduleControl::removed);
        try {
            if (!scheduler.isShutdown()) {
                scheduler.shutdown(true);
            }
        } catch (SchedulerException e) {
            throw new IllegalStateException("Quartz did not shut down cleanly: " + e.getMessage(), e);
        }
    }

    private void add(ScheduleConfig s) throws SchedulerException {
        ScheduleControl control = new ScheduleControl(scheduler, this::resume, s);
        JobDetail job = JobBuilder.newJob(ProbeJob.class)
                .withIdentity(control.jobKey())
                .withDescription("probe " + s.probe() + " for schedule " + s.name())
                .usingJobData(new ProbeJobData(s.name()).toMap())
                .build();
        runner.controls().put(s.name(), control);
        applied.put(s.name(), s);
        scheduler.scheduleJob(job, trigger(control, s));
    }

    private void reschedule(ScheduleConfig s) throws SchedulerException {
        ScheduleControl control = runner.controls().get(s.name());
        control.config(s);
        applied.put(s.name(), s);
        scheduler.rescheduleJob(control.triggerKey(), trigger(control, s));
        if (control.paused()) {
            scheduler.pauseJob(control.jobKey());
        }
    }

    private void remove(String name) throws SchedulerException {
        ScheduleControl control = runner.controls().remove(name);
        applied.remove(name);
        if (control != null) {
            control.removed();
            scheduler.deleteJob(control.jobKey());
        }
    }

    /** A fresh trigger: resuming starts a new cadence, so the slots missed while paused are not misfires. */
    private void resume(ScheduleControl control) throws SchedulerException {
        scheduler.rescheduleJob(control.triggerKey(), trigger(control, control.config()));
    }

    private static Trigger trigger(ScheduleControl control, ScheduleConfig s) {
        long lead = s.every() == null ? 0
                : Math.round(s.every().toMillis() * s.jitter().fraction()) + FIRST_RUN_DELAY.toMillis();
        return TriggerBuilder.newTrigger()
                .withIdentity(control.triggerKey())
                .forJob(control.jobKey())
                .withDescription(s.every() != null ? "every " + s.every() + " ±" + s.jitter()
                        : "cron " + s.cron() + " +" + s.jitter() + " of the gap")
                .startAt(new Date(System.currentTimeMillis() + lead))
                .withSchedule(JitteredSchedule.of(s))
                .build();
    }

    private static boolean sameTiming(ScheduleConfig a, ScheduleConfig b) {
        return Objects.equals(a.every(), b.every()) && Objects.equals(a.cron(), b.cron())
                && a.jitter().equals(b.jitter());
    }

    private static void shutdownQuietly(Scheduler scheduler) {
        if (scheduler != null) {
            try {
                scheduler.shutdown(false);
            } catch (SchedulerException ignored) {
                // already failing to start; the start error is the one to report
            }
        }
    }
}
