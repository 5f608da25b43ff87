package io.fabrichealth.mbeans.bursts;

import io.fabrichealth.mbeans.PathAttributes;
import io.fabrichealth.probes.bursts.BurstResult;
import io.fabrichealth.probes.smp.route.PathEvidence;
import javax.management.openmbean.CompositeData;

/** The Burst MBean: the last result of one (peer, set), replaced whole on each run. */
final class BurstView implements BurstMXBean {
    private final String peer;
    private final String phase;
    private final String set;
    private volatile BurstResult last;
    private volatile double percentOfDefault = -1;
    private volatile long runs;
    private volatile long failures;

    BurstView(String peer, String phase, String set) {
        this.peer = peer;
        this.phase = phase;
        this.set = set;
    }

    synchronized void record(BurstResult result, double percent) {
        last = result;
        percentOfDefault = percent;
        runs++;
        if (result.outcome() == BurstResult.Outcome.FAIL) {
            failures++;
        }
    }

    @Override
    public String getPeer() {
        return peer;
    }

    @Override
    public String getPhase() {
        return phase;
    }

    @Override
    public boolean isCapped() {
        BurstResult r = last;
        return r != null && r.capped();
    }

    @Override
    public String getSet() {
        return set;
    }

    @Override
    public double getDurationMillis() {
        BurstResult r = last;
        return r == null ? -1 : r.duration().toNanos() / 1e6;
    }

    @Override
    public double getPercentOfDefault() {
        return percentOfDefault;
    }

    @Override
    public double getThroughputBytesPerSecond() {
        BurstResult r = last;
        return r == null ? 0 : r.throughputBytesPerSecond();
    }

    @Override
    public double getOpsPerSecond() {
        BurstResult r = last;
        return r == null ? 0 : r.opsPerSecond();
    }

    @Override
    public long getBytes() {
        BurstResult r = last;
        return r == null ? 0 : r.bytes();
    }

    @Override
    public String getResult() {
        BurstResult r = last;
        return r == null ? "" : r.outcome().text();
    }

    @Override
    public String getFailureReason() {
        BurstResult r = last;
        return r == null ? "" : r.reason();
    }

    @Override
    public String getLastRun() {
        BurstResult r = last;
        return r == null ? "" : r.at().toString();
    }

    @Override
    public long getRuns() {
        return runs;
    }

    @Override
    public long getFailures() {
        return failures;
    }

    @Override
    public String getFacts() {
        BurstResult r = last;
        return r == null ? "" : r.facts().toString();
    }

    @Override
    public String[] getPath() {
        return PathAttributes.path(pathOfLast());
    }

    @Override
    public String getPathHealth() {
        return PathAttributes.health(pathOfLast());
    }

    @Override
    public CompositeData getPathCounterDeltas() {
        return PathAttributes.counterDeltas(pathOfLast());
    }

    @Override
    public String[] getSuspectLinks() {
        return PathAttributes.suspectLinks(pathOfLast());
    }

    private PathEvidence pathOfLast() {
        BurstResult r = last;
        return r == null ? null : r.path();
    }
}
