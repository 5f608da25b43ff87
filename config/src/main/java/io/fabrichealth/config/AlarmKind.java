package io.fabrichealth.config;

import java.util.Arrays;

/**
 * What went wrong: the one type for alarm kinds, from the config's {@code alarms.hysteresis} keys to the MBeans.
 * The names are written as they are here, in the config, in Jolokia answers and in the persisted state.
 */
public enum AlarmKind {
    /** A port that was Active went Down (SMP sweep). */
    PortDown(Severity.MAJOR),
    /**
     * A port went Down and came back Active within {@code smp.flapping.window}, or its LinkDownedCounter rose by
     * {@code smp.flapping.linkDowned} within it: a bad cable or transceiver, distinct from a port that stays down.
     */
    LinkFlapping(Severity.WARNING),
    /** A link runs below the width or speed both ends could run (iblinkinfo's "Could be"). */
    LinkDegraded(Severity.MINOR),
    /** An error counter is above its threshold (ibqueryerrors' rule; the Port MBean shows the delta beside it). */
    ErrorThreshold(Severity.MINOR),
    /** A destination stopped answering MADs. */
    MadTimeouts(Severity.MAJOR),
    /** A ping-pong or burst peer does not answer. */
    PeerUnreachable(Severity.MAJOR),
    /** Received bytes differ from the bytes sent. Never clears on its own: only an acknowledgement clears it. */
    Corruption(Severity.CRITICAL),
    /**
     * RDS sends stalled over an InfiniBand connection (ib_tx_stalled or ib_tx_throttle moved) in run after run:
     * a capacity signal (the peer posts receive buffers too slowly for the offered load), not an error.
     */
    CreditStalls(Severity.WARNING),
    /** An RMA burst failed or fell short. */
    BurstFailed(Severity.MINOR),
    /** A probe could not run at all (exception, missing native library). */
    ProbeError(Severity.WARNING),
    /**
     * A fleet member vanished from the data grid without leaving (killed, crashed, cut off); its nodes moved to
     * the others. The fleet's oldest member raises it; it clears when the agent rejoins.
     */
    AgentLost(Severity.MAJOR);

    private final Severity severity;

    AlarmKind(Severity severity) {
        this.severity = severity;
    }

    public Severity severity() {
        return severity;
    }

    /** False only for Corruption: silent data corruption must be seen by a person, even if it stopped. */
    public boolean clearsItself() {
        return this != Corruption;
    }

    /** Case-insensitive, for operations typed by people. */
    public static AlarmKind parse(String text) {
        for (AlarmKind k : values()) {
            if (k.name().equalsIgnoreCase(text.strip())) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown alarm kind '" + text + "'; use one of "
                + Arrays.toString(values()));
    }
}
