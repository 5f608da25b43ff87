package io.fabrichealth.probes.pingpong;

import io.fabrichealth.config.HostPort;
import io.fabrichealth.config.Transport;
import io.fabrichealth.probes.Probe;
import io.fabrichealth.probes.ProbeFamily;
import io.fabrichealth.probes.ProbeResult;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Ping-pongs against one peer over each configured transport, one after another. FAIL when any run failed or
 * the peer did not answer; UNSUPPORTED when no transport could run here; else PASS.
 */
public final class PingPongProbe implements Probe {
    private final PingPongService service;
    private final HostPort peer;

    /** @param peer the peer's ping-pong responder (PeerConfig.pingpongAddress) */
    public PingPongProbe(PingPongService service, HostPort peer) {
        this.service = service;
        this.peer = peer;
    }

    @Override
    public ProbeFamily family() {
        return ProbeFamily.PINGPONG;
    }

    @Override
    public ProbeResult check() {
        Instant start = Instant.now();
        List<PingPongResult> results = new ArrayList<>();
        for (Transport t : service.transports()) {
            results.add(service.run(t, peer));
        }
        String summary = results.stream().map(PingPongResult::summary).collect(Collectors.joining(" | "));
        ProbeResult.Status status;
        if (results.stream().anyMatch(r -> r.outcome() == PingPongResult.Outcome.FAIL
                || r.outcome() == PingPongResult.Outcome.UNREACHABLE)) {
            status = ProbeResult.Status.FAIL;
        } else if (results.stream().anyMatch(r -> r.outcome() == PingPongResult.Outcome.OK)) {
            status = ProbeResult.Status.PASS;
        } else {
            status = ProbeResult.Status.UNSUPPORTED;
        }
        return new ProbeResult(status, summary, start, Duration.between(start, Instant.now()));
    }
}
