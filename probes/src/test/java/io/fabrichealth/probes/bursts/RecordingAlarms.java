package io.fabrichealth.probes.bursts;

import io.fabrichealth.alarms.AlarmSink;
import io.fabrichealth.config.AlarmKind;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Collects what probes report, as the alarm model would receive it. */
final class RecordingAlarms implements AlarmSink {
    record Raised(AlarmKind kind, String subject, String details) {
    }

    final List<Raised> raised = new CopyOnWriteArrayList<>();
    final List<Raised> observedBad = new CopyOnWriteArrayList<>();

    @Override
    public void observe(AlarmKind kind, String subject, boolean bad, String details) {
        if (bad) {
            observedBad.add(new Raised(kind, subject, details));
        }
    }

    @Override
    public void raise(AlarmKind kind, String subject, String details) {
        raised.add(new Raised(kind, subject, details));
    }
}
