package io.fabrichealth.config;

/** libfabric endpoint type for bursts: {@code FI_EP_MSG} (connected) or {@code FI_EP_RDM} (reliable datagram). */
public enum Endpoint {
    MSG,
    RDM
}
