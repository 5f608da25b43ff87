package io.fabrichealth.probes.pingpong;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the kernel's RDS counters say about one RDS run: the change of every counter RDS_INFO_COUNTERS reports,
 * from just before the run to just after it (once they stopped moving), and what that says of credit-based flow
 * control. The counters are host-wide: RDS traffic of other sockets on this host during the run is included.
 *
 * @param engagement  what the credit counters and the setting show, never more
 * @param why         the evidence behind {@code engagement}, in words
 * @param flowControl net.rds.ib.flow_control during the run: 1, 0, or -1 when it could not be read
 * @param deltas      every counter's change over the run, in the kernel's names and order; empty when not read
 * @param readAt      when the counters were read after the run; null when not read
 */
public record RdsCredits(Engagement engagement, String why, int flowControl, Map<String, Long> deltas,
        Instant readAt) {
    /** Sends that completed more than half a second after they were queued (mainline ib_send.c). */
    public static final String TX_STALLED = "ib_tx_stalled";
    /** Credit updates this host sent in a message header, and received from its peers. */
    public static final String TX_CREDIT_UPDATES = "ib_tx_credit_updates";
    public static final String RX_CREDIT_UPDATES = "ib_rx_credit_updates";
    /** Sends refused because the send ring was full. */
    public static final String TX_RING_FULL = "ib_tx_ring_full";
    /** Sends held back because no send credit was left. */
    public static final String TX_THROTTLE = "ib_tx_throttle";
    /** The flow-control counters, as the PingPong MBean shows them. */
    public static final List<String> FLOW_CONTROL = List.of(TX_STALLED, TX_CREDIT_UPDATES, RX_CREDIT_UPDATES,
            TX_RING_FULL, TX_THROTTLE);

    /** Not an RDS run, or not one that got as far as reading the counters. */
    public static final RdsCredits NONE = new RdsCredits(Engagement.UNTOLD, "", -1, Map.of(), null);

    public RdsCredits {
        deltas = Collections.unmodifiableMap(new LinkedHashMap<>(deltas));
    }

    /** Whether credit flow control carried this run: what the kernel showed, in rds-stress users' words. */
    public enum Engagement {
        /** Credit updates moved while the run sent traffic. */
        ENGAGED("engaged"),
        /** flow_control was 1, the run sent traffic over infiniband, and no credit update moved. */
        REQUESTED_NOT_ENGAGED("requested but not engaged by this kernel"),
        /** flow_control was 0 and no credit update moved, or the transport has no credits (tcp). */
        OFF("off"),
        /** Nothing to go by: the run sent nothing, or the counters or the setting could not be read. */
        UNTOLD("could not be told");

        private final String text;

        Engagement(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    /** Whether the counters were read around the run. */
    public boolean counted() {
        return readAt != null;
    }

    /** The change of {@code counter} over the run; -1 when this kernel does not report it or nothing was read. */
    public long delta(String counter) {
        Long d = deltas.get(counter);
        return d == null ? -1 : d;
    }

    /** A send completed late ({@link #TX_STALLED}) or was held for lack of credits ({@link #TX_THROTTLE}). */
    public boolean stalled() {
        return delta(TX_STALLED) > 0 || delta(TX_THROTTLE) > 0;
    }

    /** "credit flow control engaged; stalled: ib_tx_stalled +3, ib_tx_throttle +0", for the run's summary. */
    public String line() {
        if (!counted() && why.isEmpty()) {
            return "";
        }
        String line = "credit flow control " + engagement.text() + " (" + why + ")";
        if (stalled()) {
            line += "; stalled: " + TX_STALLED + " +" + delta(TX_STALLED) + " (sends completed over 0.5 s after "
                    + "queueing), " + TX_THROTTLE + " +" + delta(TX_THROTTLE) + " (sends held for lack of credits)";
        }
        return line;
    }
}
