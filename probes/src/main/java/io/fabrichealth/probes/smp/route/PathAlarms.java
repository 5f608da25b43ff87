package io.fabrichealth.probes.smp.route;

import io.fabrichealth.alarms.AlarmSink;
import io.fabrichealth.config.AlarmKind;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The alarm sink of one run: passes everything on, and remembers the Corruption alarms the run raised so that, once
 * the run ended and its path was read, {@link #amend} adds the path's evidence to each. A corruption is raised the
 * moment it is found; the suspect cables follow within the run's length.
 */
public final class PathAlarms implements AlarmSink {
    private final AlarmSink inner;
    private final Map<String, String> corruptions = new LinkedHashMap<>();

    public PathAlarms(AlarmSink inner) {
        this.inner = inner;
    }

    @Override
    public void observe(AlarmKind kind, String subject, boolean bad, String details) {
        inner.observe(kind, subject, bad, details);
    }

    @Override
    public void raise(AlarmKind kind, String subject, String details) {
        inner.raise(kind, subject, details);
        if (kind == AlarmKind.Corruption) {
            synchronized (corruptions) {
                corruptions.put(subject, details);
            }
        }
    }

    @Override
    public void amend(AlarmKind kind, String subject, String details) {
        inner.amend(kind, subject, details);
    }

    @Override
    public void handOver(AlarmKind kind, String subject, String to) {
        inner.handOver(kind, subject, to);
    }

    /** The run raised a Corruption alarm. */
    public boolean corrupted() {
        synchronized (corruptions) {
            return !corruptions.isEmpty();
        }
    }

    /** Adds {@code path}'s evidence to every Corruption this run raised (its last details, then the path). */
    public void amend(PathEvidence path) {
        String text = path.text();
        if (text.isEmpty()) {
            return;
        }
        Map<String, String> raised;
        synchronized (corruptions) {
            raised = new LinkedHashMap<>(corruptions);
        }
        raised.forEach((subject, details) -> inner.amend(AlarmKind.Corruption, subject, details + "; " + text));
    }
}
