package io.fabrichealth.mbeans.pingpong;

import io.fabrichealth.config.HostPort;
import io.fabrichealth.config.Transport;
import io.fabrichealth.jni.rds.RdsConnection;
import io.fabrichealth.mbeans.MBeanRegistry;
import io.fabrichealth.mbeans.NamedValues;
import io.fabrichealth.mbeans.ObjectNames;
import io.fabrichealth.probes.pingpong.PingPongListener;
import io.fabrichealth.probes.pingpong.PingPongResult;
import io.fabrichealth.probes.pingpong.RdsCredits;
import io.fabrichealth.probes.pingpong.rds.RdsStack;
import io.fabrichealth.probes.pingpong.rds.RdsStackReading;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.management.openmbean.CompositeData;

/**
 * The RdsStack MBean. Reads on demand rather than only after runs: an agent that never runs an RDS ping-pong
 * still shows the host's counters, and a reading is a few getsockopt calls; a one-second cache makes one
 * Jolokia read of all attributes one reading, and keeps a burst of readers from re-reading.
 */
public final class RdsStackView implements RdsStackMXBean, PingPongListener {
    static final Duration MAX_AGE = Duration.ofSeconds(1);

    private final String unavailability;
    /** Remote address of the last RDS run to it -> what it showed. */
    private final Map<String, Shown> byRemote = new ConcurrentHashMap<>();

    private record Shown(RdsCredits credits, Instant at) {
    }

    private RdsStackView(String unavailability) {
        this.unavailability = unavailability == null ? "" : unavailability;
    }

    /**
     * Registers {@code fabric.health:type=RdsStack} when this host can read its RDS stack, or, when it cannot
     * but RDS ping-pongs are configured, one that says why. Null when neither (no MBean).
     */
    public static RdsStackView register(MBeanRegistry registry, boolean rdsConfigured) {
        String why = RdsStack.unavailability();
        if (why != null && !rdsConfigured) {
            return null;
        }
        RdsStackView v = new RdsStackView(why);
        registry.register(ObjectNames.parse(OBJECT_NAME), v, RdsStackMXBean.class);
        return v;
    }

    @Override
    public void onResult(PingPongResult result) {
        if (result.transport() == Transport.RDS && (result.rds().counted() || !result.rds().why().isEmpty())) {
            byRemote.put(HostPort.parse(result.peer()).host(), new Shown(result.rds(), result.at()));
        }
    }

    private RdsStackReading reading() {
        return unavailability.isEmpty() ? RdsStack.latest(MAX_AGE) : null;
    }

    @Override
    public boolean isAvailable() {
        return unavailability.isEmpty();
    }

    @Override
    public String getUnavailability() {
        return unavailability;
    }

    @Override
    public CompositeData getCounters() {
        RdsStackReading r = reading();
        return r == null ? null : NamedValues.longs("RdsCounters", "the kernel's RDS counters (RDS_INFO_COUNTERS)",
                r.counters());
    }

    @Override
    public String getCounterProblem() {
        RdsStackReading r = reading();
        return r == null ? unavailability : r.problem();
    }

    @Override
    public int getFlowControl() {
        RdsStackReading r = reading();
        return r == null ? -1 : r.flowControl().value();
    }

    @Override
    public String getFlowControlProblem() {
        RdsStackReading r = reading();
        return r == null ? unavailability : r.flowControl().problem();
    }

    @Override
    public String getReadAt() {
        RdsStackReading r = reading();
        return r == null ? "" : r.at().toString();
    }

    @Override
    public CompositeData getCreditFlowControlByConnection() {
        RdsStackReading r = reading();
        Map<String, String> out = new LinkedHashMap<>();
        if (r == null) {
            return null;
        }
        for (RdsConnection c : r.connections()) {
            String remote = c.remote().getHostAddress();
            String key = c.local().getHostAddress() + " -> " + remote + " (" + c.transport() + ")";
            Shown s = byRemote.get(remote);
            if (!c.transport().equals("infiniband")) {
                out.put(key, RdsCredits.Engagement.OFF.text() + ": the " + c.transport()
                        + " transport has no credit flow control");
            } else if (s == null) {
                out.put(key, RdsCredits.Engagement.UNTOLD.text() + ": no ping-pong of this agent ran over it, and "
                        + "the kernel reports no per-connection credit state");
            } else {
                out.put(key, s.credits().engagement().text() + " (ping-pong at " + s.at() + ": "
                        + s.credits().why() + ")");
            }
        }
        return NamedValues.texts("RdsConnectionCredits", "credit flow control per RDS connection", out);
    }
}
