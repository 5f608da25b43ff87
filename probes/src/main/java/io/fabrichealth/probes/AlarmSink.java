package io.fabrichealth.probes;

/**
 * Where probes report alarm conditions, without knowing JMX: the agent wires this to the one alarm model in
 * mbeans. Kinds are the names of the config's alarm kinds (PortDown, LinkDegraded, ErrorThreshold, MadTimeouts,
 * PeerUnreachable, Corruption, BurstFailed, ProbeError).
 */
public interface AlarmSink {
    /** One observation per run; hysteresis (raise after K bad, clear after M good) is the model's job. */
    void observe(String kind, String subject, boolean bad, String details);

    /** A one-shot alarm that needs no hysteresis, e.g. Corruption. */
    void raise(String kind, String subject, String details);

    AlarmSink NONE = new AlarmSink() {
        @Override
        public void observe(String kind, String subject, boolean bad, String details) {
        }

        @Override
        public void raise(String kind, String subject, String details) {
        }
    };
}
