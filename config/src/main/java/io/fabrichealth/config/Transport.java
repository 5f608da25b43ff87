package io.fabrichealth.config;

/** Transports a ping-pong probe can use. */
public enum Transport {
    /** libfabric, with the bursts provider and endpoint type. */
    FABRIC,
    /** AF_RDS sockets. */
    RDS,
    /** ibverbs send/receive. */
    VERBS;

    /** What an operator types (an MBean operation's argument, a command line): rds, verbs or fabric. */
    public static Transport parse(String text) {
        for (Transport t : values()) {
            if (t.name().equalsIgnoreCase(text.strip())) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown transport '" + text + "'; use rds, verbs or fabric");
    }
}
