package io.fabrichealth.probes.pingpong;

import io.fabrichealth.alarms.AlarmSink;
import io.fabrichealth.config.AlarmKind;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Collects what the ping-pong reports, as the alarm model would receive it. */
final class RecordingAlarms implements AlarmSink {
    record Seen(AlarmKind kind, String subject, boolean bad, String details) {
    }

    final List<Seen> raised = new CopyOnWriteArrayList<>();
    final List<Seen> observed = new CopyOnWriteArrayList<>();

    @Override
    public void observe(AlarmKind kind, String subject, boolean bad, String details) {
        observed.add(new Seen(kind, subject, bad, details));
    }

    @Override
    public void raise(AlarmKind kind, String subject, String details) {
        raised.add(new Seen(kind, subject, true, details));
    }

    /** The last observation of {@code kind}: whether it was bad. */
    boolean lastBad(AlarmKind kind) {
        for (int i = observed.size() - 1; i >= 0; i--) {
            if (observed.get(i).kind().equals(kind)) {
                return observed.get(i).bad();
            }
        }
        throw new AssertionError("no " + kind + " observation yet");
    }
}
