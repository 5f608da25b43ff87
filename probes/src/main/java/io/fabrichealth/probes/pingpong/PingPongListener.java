package io.fabrichealth.probes.pingpong;

/** Told of every finished run (the MBeans). Called on the running thread; must not block. */
public interface PingPongListener {
    /** @param consecutiveMisses runs in a row, this one included, in which the peer did not answer */
    void onResult(PingPongResult result, int consecutiveMisses);
}
