package io.fabrichealth.probes.pingpong;

import io.fabrichealth.config.HostPort;
import io.fabrichealth.config.Transport;
import io.fabrichealth.probes.Probe;
import io.fabrichealth.config.ProbeFamily;
import io.fabrichealth.probes.ProbeResult;
import io.fabrichealth.probes.Tally;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Ping-pongs against one peer over each configured transport, one after another, summed up in a {@link Tally}:
 * FAIL when any run failed or the peer did not answer; PASS only when the rest ran, or cannot run on this host.
 */
public final class PingPongProbe implements Probe {
    private final PingPongService service;
    private final String name;
    private final HostPort peer;

    /** @param peer the peer's ping-pong responder (PeerConfig.pingpongAddress) */
    public PingPongProbe(PingPongService service, HostPort peer) {
        this(service, peer.toString(), peer);
    }

    /**
     * @param name the peer's name (PeerConfig.name), for the service's {@link PingPongListener#onPeer}
     * @param peer the peer's ping-pong responder (PeerConfig.pingpongAddress)
     */
    public PingPongProbe(PingPongService service, String name, HostPort peer) {
        this.service = service;
        this.name = name;
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
        Tally tally = Tally.of(results.stream().map(r -> switch (r.outcome()) {
            case OK -> Tally.Part.SUCCEEDED;
            case FAIL, UNREACHABLE -> Tally.Part.FAILED;
            case UNSUPPORTED -> Tally.Part.UNSUPPORTED;
            case REFUSED -> Tally.Part.UNSUPPORTED_BY_PEER;
        }).toList());
        String summary = results.stream().map(PingPongResult::summary).collect(Collectors.joining(" | "))
                + (results.size() > 1 ? " | " + tally.line() : "");
        service.probed(PeerRun.of(name, peer, tally.status(), results, start));
        return new ProbeResult(tally.status(), summary, start, Duration.between(start, Instant.now()));
    }
}
