package io.fabrichealth.config;

/** libfabric endpoint type, for bursts and fabric ping-pongs: {@code FI_EP_MSG} (connected) or {@code FI_EP_RDM} (reliable datagram). */
public enum EndpointType {
    MSG,
    RDM
}
