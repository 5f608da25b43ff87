package io.fabrichealth.probes.bursts;

import io.fabrichealth.config.BurstSuite;
import io.fabrichealth.config.EndpointType;

/**
 * Child main: a target and a whole suite on loopback for one provider, so FI_* variables (the sockets
 * provider's FI_SOCKETS_PE_WAITTIME) apply from libfabric's start. Prints the table, then one
 * "set.NAME=OUTCOME|reason" line per set and the alarms raised.
 */
public final class SuiteMain {
    private SuiteMain() {
    }

    public static void main(String[] args) {
        RecordingAlarms alarms = new RecordingAlarms();
        try (BurstService service = new BurstService(Loopback.config(args[0], EndpointType.valueOf(args[1]),
                BurstSuite.FABTRUN, 64 << 20), alarms)) {
            service.startTarget();
            SuiteResult suite = service.runSuite(service.config().listen());
            StringBuilder out = new StringBuilder(suite.table());
            for (BurstResult r : suite.results()) {
                out.append("set.").append(r.testName()).append('=').append(r.outcome().name()).append('|')
                        .append(r.reason().replace('\n', ' ')).append('\n');
            }
            out.append("alarms=").append(alarms.raised.size()).append('\n');
            System.out.print(out);
        }
        System.exit(0);
    }
}
