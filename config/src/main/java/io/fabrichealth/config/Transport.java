package io.fabrichealth.config;

/** Transports a ping-pong probe can use. */
public enum Transport {
    /** libfabric, with the bursts provider and endpoint type. */
    FABRIC,
    /** AF_RDS sockets. */
    RDS,
    /** ibverbs send/receive. */
    VERBS
}
