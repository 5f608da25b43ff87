package io.fabrichealth.config;

/** The kinds of libfabric put/get burst a burst probe runs; each is one pass over the peer. */
public enum BurstSet {
    /** Scatter-gather writes over registered segments. */
    DEFAULT,
    /** One contiguous buffer per write. */
    CONTIGUOUS,
    /** Registers and deregisters memory around every write. */
    REREGISTER,
    /** Like reregister with the provider's MR cache disabled. */
    CACHELESS,
    /** Waits for completions on the CQ's wait object instead of polling. */
    WAIT,
    /** Posts receives and cancels them; expects FI_ECANCELED. */
    CANCEL,
    /** RMA reads instead of writes. */
    GET
}
