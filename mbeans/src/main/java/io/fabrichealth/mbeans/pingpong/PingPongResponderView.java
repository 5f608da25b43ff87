package io.fabrichealth.mbeans.pingpong;

import io.fabrichealth.probes.pingpong.PingPongResponder;
import io.fabrichealth.probes.pingpong.PingPongService;

/** The PingPongResponder MBean. */
final class PingPongResponderView implements PingPongResponderMXBean {
    private final PingPongService service;

    PingPongResponderView(PingPongService service) {
        this.service = service;
    }

    private long count(java.util.function.ToLongFunction<PingPongResponder> f) {
        PingPongResponder r = service.responder();
        return r == null ? 0 : f.applyAsLong(r);
    }

    @Override
    public String getListen() {
        return service.config().listen().toString();
    }

    @Override
    public boolean isRunning() {
        return service.responder() != null;
    }

    @Override
    public long getSessions() {
        return count(PingPongResponder::sessions);
    }

    @Override
    public long getRefusedSessions() {
        return count(PingPongResponder::refused);
    }

    @Override
    public long getRequests() {
        return count(PingPongResponder::requests);
    }

    @Override
    public long getMalformed() {
        return count(PingPongResponder::malformed);
    }

    @Override
    public long getCorruptRequests() {
        return count(PingPongResponder::corrupt);
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
        if (n < 0) {
            return "not armed: give a count >= 0";
        }
        service.drill().corruptNextPayloads(n);
        return "the next " + n + " ack payload(s) will have one byte flipped at payloadBytes/2 + 13 before they are "
                + "sent; expect Corruption alarms on the initiators naming that offset";
    }
}
