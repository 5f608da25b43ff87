package io.fabrichealth.mbeans.bursts;

import io.fabrichealth.config.HostPort;
import io.fabrichealth.probes.bursts.BurstService;
import io.fabrichealth.probes.bursts.SuiteResult;
import javax.management.openmbean.CompositeData;

/** The BurstSuite MBean of one peer. */
final class BurstSuiteView implements BurstSuiteMXBean {
    private final HostPort peer;
    private final BurstService service;
    private volatile SuiteResult last;

    BurstSuiteView(HostPort peer, BurstService service) {
        this.peer = peer;
        this.service = service;
    }

    void record(SuiteResult suite) {
        last = suite;
    }

    @Override
    public String getPeer() {
        return peer.toString();
    }

    @Override
    public String getTable() {
        SuiteResult s = last;
        return s == null ? "" : s.table();
    }

    @Override
    public CompositeData[] getRows() {
        SuiteResult s = last;
        return s == null ? new CompositeData[0] : BurstRows.of(s);
    }

    @Override
    public String getSummary() {
        SuiteResult s = last;
        return s == null ? "" : s.summary();
    }

    @Override
    public String getLastRun() {
        SuiteResult s = last;
        return s == null ? "" : s.at().toString();
    }

    @Override
    public String runNow() {
        return service.runSuite(peer).table();
    }
}
