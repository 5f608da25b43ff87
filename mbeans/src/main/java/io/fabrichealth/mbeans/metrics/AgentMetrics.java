package io.fabrichealth.mbeans.metrics;

import io.fabrichealth.mbeans.agent.AgentState;
import io.fabrichealth.alarms.Alarm;
import io.fabrichealth.alarms.AlarmBook;
import io.fabrichealth.config.AlarmKind;
import io.fabrichealth.probes.ProbeCounts;
import io.fabrichealth.config.ProbeFamily;
import io.fabrichealth.probes.ProbeResult;
import io.fabrichealth.probes.local.NativeStatus;
import io.fabrichealth.schedules.ScheduleControl;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The agent's own metrics for Prometheus, read from the same cached state the MBeans show (a scrape never runs a
 * probe): alarms by kind and severity, probe runs and failures, schedule results, native families.
 */
public final class AgentMetrics implements MultiCollector {
    private final AgentState state;
    private final AlarmBook alarms;
    private final ProbeCounts counts;
    private final Supplier<Collection<ScheduleControl>> schedules;

    public AgentMetrics(AgentState state, AlarmBook alarms, ProbeCounts counts,
                        Supplier<Collection<ScheduleControl>> schedules) {
        this.state = state;
        this.alarms = alarms;
        this.counts = counts;
        this.schedules = schedules;
    }

    @Override
    public MetricSnapshots collect() {
        MetricSnapshots.Builder out = MetricSnapshots.builder();
        out.metricSnapshot(activeAlarms());
        out.metricSnapshot(eachAlarm());
        out.metricSnapshot(MetricFamily.counter("fabric_health_alarms_raised", "Alarms raised since start").add(alarms.raisedCount()).build());
        out.metricSnapshot(MetricFamily.counter("fabric_health_alarms_cleared", "Alarms cleared since start").add(alarms.clearedCount()).build());
        out.metricSnapshot(MetricFamily.counter("fabric_health_alarms_acknowledged", "Alarms acknowledged since start").add(alarms.acknowledgedCount()).build());

        MetricFamily runs = MetricFamily.counter("fabric_health_probe_runs", "Probe runs per family");
        MetricFamily failures = MetricFamily.counter("fabric_health_probe_failures", "Probe runs that failed, per family");
        MetricFamily errors = MetricFamily.counter("fabric_health_probe_errors", "Probe runs that could not happen, per family");
        for (ProbeFamily f : ProbeFamily.values()) {
            runs.add(counts.runs(f), "family", f.configName());
            failures.add(counts.failures(f), "family", f.configName());
            errors.add(state.probeErrors(f), "family", f.configName());
        }
        out.metricSnapshot(runs.build()).metricSnapshot(failures.build()).metricSnapshot(errors.build());
        out.metricSnapshot(MetricFamily.counter("fabric_health_job_overruns", "Probe runs longer than their interval")
                .add(state.jobOverruns()).build());

        MetricFamily ok = MetricFamily.gauge("fabric_health_schedule_last_success",
                "1 if the schedule's last run passed, 0 if it failed, -1 if it never ran or was unsupported");
        MetricFamily took = MetricFamily.gauge("fabric_health_schedule_last_duration_seconds", "Duration of the schedule's last run");
        MetricFamily misfires = MetricFamily.counter("fabric_health_schedule_misfires", "Runs skipped because the previous one was late");
        for (ScheduleControl s : schedules.get()) {
            ok.add(lastSuccess(s), "schedule", s.name(), "family", s.family().configName());
            took.add(s.lastDurationMillis() < 0 ? 0 : s.lastDurationMillis() / 1000.0, "schedule", s.name());
            misfires.add(s.misfires(), "schedule", s.name());
        }
        out.metricSnapshot(ok.build()).metricSnapshot(took.build()).metricSnapshot(misfires.build());

        MetricFamily natives = MetricFamily.gauge("fabric_health_native_available", "1 if the native family loaded");
        for (NativeStatus n : state.natives()) {
            natives.add(n.available() ? 1 : 0, "family", n.name());
        }
        out.metricSnapshot(natives.build());
        return out.build();
    }

    /** Every kind and severity pair appears, with 0 when quiet, so alert rules see the series from the start. */
    private MetricSnapshot activeAlarms() {
        Map<AlarmKind, Long> byKind = new EnumMap<>(AlarmKind.class);
        List<Alarm> active = alarms.active();
        for (Alarm a : active) {
            byKind.merge(a.kind(), 1L, Long::sum);
        }
        MetricFamily f = MetricFamily.gauge("fabric_health_alarms_active", "Active alarms by kind and severity");
        for (AlarmKind k : AlarmKind.values()) {
            f.add(byKind.getOrDefault(k, 0L), "kind", k.name(), "severity",
                    k.severity().name().toLowerCase(Locale.ROOT));
        }
        return f.build();
    }

    /** One series per active alarm, so an alert rule names the port or peer in its labels. */
    private MetricSnapshot eachAlarm() {
        MetricFamily f = MetricFamily.gauge("fabric_health_alarm",
                "1 for each active alarm; 0 once acknowledged (it stays until it clears)");
        for (Alarm a : alarms.active()) {
            f.add(a.acknowledged() ? 0 : 1, "kind", a.kind().name(),
                    "severity", a.severity().name().toLowerCase(Locale.ROOT), "subject", a.subject(), "id", a.id());
        }
        return f.build();
    }

    private static double lastSuccess(ScheduleControl s) {
        return s.lastResult().map(r -> r.status() == ProbeResult.Status.PASS ? 1.0
                : r.status() == ProbeResult.Status.FAIL ? 0.0 : -1.0).orElse(-1.0);
    }
}
