package io.fabrichealth.mbeans.smp;

import io.fabrichealth.probes.smp.SmpSnapshot;
import io.fabrichealth.probes.mad.LidRoute;
import io.fabrichealth.probes.smp.SmpSweepProbe;
import io.fabrichealth.probes.smp.health.Congestion;
import io.fabrichealth.probes.smp.route.Route;
import io.fabrichealth.probes.smp.route.Routes;
import io.fabrichealth.probes.smp.engine.EngineStats;
import io.fabrichealth.probes.smp.engine.RttSummary;
import io.fabrichealth.probes.smp.mads.MadsMeasurement;
import io.fabrichealth.probes.smp.mads.MadsTable;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import javax.management.openmbean.CompositeData;

/** The SmpProbe MBean: reads the probe's last published snapshot. */
final class SmpProbeView implements SmpProbeMXBean {
    private final SmpSweepProbe probe;
    private final MadsMeasurement mads;
    private final Congestion congestion;

    SmpProbeView(SmpSweepProbe probe, Congestion congestion) {
        this.probe = probe;
        this.congestion = congestion;
        this.mads = new MadsMeasurement(probe);
    }

    private SmpSnapshot s() {
        return probe.snapshot();
    }

    private EngineStats e() {
        return probe.snapshot().engine();
    }

    private RttSummary rtt() {
        return e().rtt();
    }

    @Override
    public long getMadsSent() {
        return e().sent();
    }

    @Override
    public long getMadsReceived() {
        return e().received();
    }

    @Override
    public long getTimeouts() {
        return e().timeouts();
    }

    @Override
    public long getRetries() {
        return e().retries();
    }

    @Override
    public long getLateResponses() {
        return e().late();
    }

    @Override
    public long getUnmatchedResponses() {
        return e().unmatched();
    }

    @Override
    public long getFailedRequests() {
        return e().failed();
    }

    @Override
    public int getMaxInFlightLocal() {
        return e().maxInFlightLocal();
    }

    @Override
    public int getMaxInFlightPerDestination() {
        return e().maxInFlightPerDestination();
    }

    @Override
    public int getWindow() {
        return s().settings().window();
    }

    @Override
    public int getPerDestinationWindow() {
        return s().settings().perDestination();
    }

    @Override
    public long getTimeoutMillis() {
        return s().settings().timeout().toMillis();
    }

    @Override
    public int getMaxRetries() {
        return s().settings().retries();
    }

    @Override
    public int getMadsPerSecondCap() {
        return s().settings().madsPerSecond();
    }

    @Override
    public long getRttCount() {
        return rtt().count();
    }

    @Override
    public long getRttMinMicros() {
        return rtt().minMicros();
    }

    @Override
    public long getRttP50Micros() {
        return rtt().p50Micros();
    }

    @Override
    public long getRttP99Micros() {
        return rtt().p99Micros();
    }

    @Override
    public long getRttMaxMicros() {
        return rtt().maxMicros();
    }

    @Override
    public CompositeData[] getRttByDestination() {
        Map<String, RttSummary> rows = e().rttByDestination();
        return rows.entrySet().stream().map(r -> SmpComposites.rtt(r.getKey(), r.getValue()))
                .toArray(CompositeData[]::new);
    }

    @Override
    public long getSweeps() {
        return s().sweeps();
    }

    @Override
    public long getSweepDurationMillis() {
        return s().sweepDurationMillis();
    }

    @Override
    public String getLastSweep() {
        return SmpText.time(s().lastSweepAt());
    }

    @Override
    public String getLastGoodSweep() {
        return SmpText.time(s().lastGoodSweepAt());
    }

    @Override
    public int getNodesSeen() {
        return s().nodesSeen();
    }

    @Override
    public int getPortsSeen() {
        return s().portsSeen();
    }

    @Override
    public int getLinksSeen() {
        return s().linksSeen();
    }

    @Override
    public int getSilentNodes() {
        return s().silentNodes();
    }

    @Override
    public int getMadsFailedLastSweep() {
        return s().madsFailedLastSweep();
    }

    @Override
    public String getMode() {
        return s().mode();
    }

    @Override
    public String getLastError() {
        return s().lastError();
    }

    @Override
    public String[] getNotes() {
        return s().notes().toArray(String[]::new);
    }

    @Override
    public String measureMads(String[] targets, String attribute, int seconds) {
        try {
            return MadsTable.text(mads.measure(targets == null ? List.of() : Arrays.asList(targets), attribute, seconds));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("the measurement was interrupted (the agent is stopping)", e);
        }
    }

    @Override
    public String[] getCongestedPorts() {
        return congestion.top().stream().map(Congestion.Congested::line).toArray(String[]::new);
    }

    @Override
    public String traceRoute(int sourceLid, int destinationLid) {
        for (int lid : new int[] {sourceLid, destinationLid}) {
            if (lid < 1 || lid > LidRoute.MAX_UNICAST_LID) {
                throw new IllegalArgumentException("LID " + lid + " is not a unicast LID (1.." + LidRoute.MAX_UNICAST_LID
                        + "); give the ports' LIDs as the Port MBeans show them");
            }
        }
        try {
            Route route = probe.traceRoutes(List.of(new Routes.LidPair(sourceLid, destinationLid))).get(0);
            return String.join("\n", route.lines());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("the trace was interrupted (the agent is stopping)", e);
        }
    }
}
