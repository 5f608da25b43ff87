package io.fabrichealth.schedules;

import io.fabrichealth.config.FabricHealthConfig;
import io.fabrichealth.probes.Probe;
import io.fabrichealth.probes.ProbeCounts;
import io.fabrichealth.probes.ProbeResult;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One run of one schedule: take a budget slot, ask the catalog for the probe, run it, record what happened. */
final class ScheduleRunner {
    private static final Logger LOG = LoggerFactory.getLogger(ScheduleRunner.class);

    private final Map<String, ScheduleControl> controls = new ConcurrentHashMap<>();
    private final ProbeCatalog catalog;
    private final ProbeCounts counts;
    private final ScheduleListener listener;
    private final Duration budgetWait;
    private final ImpactBudget budget;
    private volatile FabricHealthConfig config;

    ScheduleRunner(FabricHealthConfig config, ProbeCatalog catalog, ProbeCounts counts, ScheduleListener listener,
            Duration budgetWait) {
        this.config = config;
        this.catalog = catalog;
        this.counts = counts;
        this.listener = listener;
        this.budgetWait = budgetWait;
        this.budget = new ImpactBudget(config.budget().maxConcurrentProbes());
    }

    Map<String, ScheduleControl> controls() {
        return controls;
    }

    void config(FabricHealthConfig newConfig) {
        config = newConfig;
        budget.resize(newConfig.budget().maxConcurrentProbes());
    }

    void run(ProbeJobData data) throws InterruptedException {
        ScheduleControl control = controls.get(data.schedule());
        if (control == null || control.isRemoved()) {
            return; // a run that fired just before a reload removed its schedule
        }
        Instant fired = Instant.now();
        control.fired(fired);
        Optional<ImpactBudget.Slot> slot = budget.acquire(budgetWait);
        if (slot.isEmpty()) {
            ProbeResult skipped = new ProbeResult(ProbeResult.Status.SKIPPED, "impact budget full: "
                    + budget.limit() + " probe(s) already running (budget.maxConcurrentProbes); run skipped",
                    fired, Duration.ZERO);
            control.budgetSkipped(skipped);
            tell(l -> l.budgetExceeded(control, skipped));
            return;
        }
        ProbeResult result;
        long start = System.nanoTime();
        try {
            result = execute(control);
        } finally {
            slot.get().close();
        }
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        control.finished(result, took);
        counts.ran(control.family(), result.failed());
        tell(l -> l.finished(control, result));
        Duration gap = gapOf(control, fired);
        if (took.compareTo(gap) > 0) {
            control.overran();
            tell(l -> l.overran(control, took, gap));
        }
    }

    void misfired(String schedule, long skippedRuns) {
        ScheduleControl control = controls.get(schedule);
        if (control != null && skippedRuns > 0) {
            control.misfired(skippedRuns);
            tell(l -> l.misfired(control, (int) Math.min(Integer.MAX_VALUE, skippedRuns)));
        }
    }

    private ProbeResult execute(ScheduleControl control) {
        Instant start = Instant.now();
        try {
            Probe probe = catalog.probeFor(control.config(), config);
            return probe.execute();
        } catch (Exception | LinkageError e) {
            tell(l -> l.error(control, e));
            return ProbeResult.fail("probe for schedule " + control.name() + " could not run: " + e,
                    start, Duration.between(start, Instant.now()));
        }
    }

    private static Duration gapOf(ScheduleControl control, Instant fired) {
        return Duration.ofMillis(JitteredSchedule.cadenceOf(control.config()).gap(fired.toEpochMilli()));
    }

    private void tell(Consumer<ScheduleListener> call) {
        try {
            call.accept(listener);
        } catch (RuntimeException e) {
            LOG.warn("schedule listener failed; the schedule carries on", e);
        }
    }
}
