package io.fabrichealth.config;

/**
 * How a verbs ping-pong's client exposes its buffers to the server each iteration: krping's memory modes in user
 * space. krping's {@code reg} (fastreg) mode becomes a type-2 memory window, the user-space way to hand out a new
 * rkey per iteration and take it back; its {@code server_inv} is {@code pingpong.serverInvalidate}.
 */
public enum MemoryMode {
    /** Registered once for the whole run (krping's dma mode: one registration serves every iteration). */
    ONCE,
    /** Deregistered and registered again every iteration: a new MR and rkey each time. */
    REREGISTER,
    /**
     * Registered once for local access only; a type-2 memory window is bound over each buffer every iteration
     * (IBV_WR_BIND_MW, a new rkey) and invalidated after the server's access: by the server's SEND_WITH_INV
     * ({@code server_inv}) or the client's LOCAL_INV.
     */
    WINDOW
}
