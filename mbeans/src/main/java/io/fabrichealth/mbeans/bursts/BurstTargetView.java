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
}
