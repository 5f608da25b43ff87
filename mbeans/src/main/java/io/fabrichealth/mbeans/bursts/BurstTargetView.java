package io.fabrichealth.mbeans.bursts;

import io.fabrichealth.probes.bursts.BurstService;
import io.fabrichealth.probes.bursts.FireDrill;

/** The BurstTarget MBean. */
final class BurstTargetView implements BurstTargetMXBean {
    private final BurstService service;

    BurstTargetView(BurstService service) {
        this.service = service;
    }

    @Override
    public String getListen() {
        return service.config().listen().toString();
    }

    @Override
    public int getPendingCorruptions() {
        return service.drill().pending();
    }

    @Override
    public long getCorruptedPayloads() {
        return service.drill().corrupted();
    }

    @Override
    public String corruptNextPayloads(int n) {
        service.drill().corruptNextPayloads(n);
        return "the next " + n + " payload(s) will have the byte at offset " + "payloadBytes/2 + 13"
                + " flipped before verification; expect Corruption alarms naming that offset";
    }

    @Override
    public int getPendingAborts() {
        return service.drill().pendingAborts();
    }

    @Override
    public long getAbortedBursts() {
        return service.drill().aborted();
    }

    @Override
    public String abortNextBursts(int n) {
        service.drill().abortNextBursts(n);
        return "the next " + n + " burst(s) this target serves will be abandoned after " + FireDrill.ABORT_AFTER_PAYLOADS
                + " payloads; expect each "
                + "initiator's set to fail naming this target, and the BurstFailed alarm on the initiator";
    }
}
