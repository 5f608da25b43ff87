package io.fabrichealth.probes.pingpong;

/** Told of every finished run (the MBeans). Called on the running thread; must not block. */
public interface PingPongListener {
    void onResult(PingPongResult result);
}
