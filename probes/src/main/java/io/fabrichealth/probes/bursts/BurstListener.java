package io.fabrichealth.probes.bursts;

/** Where finished bursts go (the MBeans), without probes knowing JMX. */
public interface BurstListener {
    void onResult(BurstResult result);

    void onSuite(SuiteResult suite);
}
