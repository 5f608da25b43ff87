package io.fabrichealth.probes.smp.fabric;

import io.fabrichealth.probes.mad.ClassPortInfo;
import io.fabrichealth.probes.mad.PortCounters;
import io.fabrichealth.probes.mad.PortCountersExtended;

/** The PMA answers for one port in one sweep: PortCounters, PortCountersExtended where supported, or why not. */
final class PmaReading {
    final ClassPortInfo pma;
    PortCounters counters;
    PortCountersExtended extended;
    int pending;
    String problem;

    PmaReading(ClassPortInfo pma) {
        this.pma = pma;
    }

    boolean complete() {
        return pending == 0 && problem == null;
    }
}
