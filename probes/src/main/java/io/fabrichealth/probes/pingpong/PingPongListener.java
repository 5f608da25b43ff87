package io.fabrichealth.probes.pingpong;

/**
 * Told of every finished run. Called on the running thread; must not block. Both methods do nothing unless
 * overridden, so a listener takes only what it needs.
 */
public interface PingPongListener {
    /** One transport's run against one address (the PingPong MBeans). */
    default void onResult(PingPongResult result) {
    }

    /** One probe run against one named peer over every transport, after its {@link #onResult}s (the peer matrix). */
    default void onPeer(PeerRun run) {
    }
}
