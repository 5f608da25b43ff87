package io.fabrichealth.jni.verbs;

/**
 * What ibv_query_device says about an RDMA device, as far as the verbs ping-pong's memory modes need it.
 *
 * @param name            ibv_get_device_name
 * @param maxMemoryWindows ibv_device_attr.max_mw (0: no memory windows)
 * @param capabilityFlags ibv_device_attr.device_cap_flags (IBV_DEVICE_*)
 */
public record VerbsDevice(String name, int maxMemoryWindows, int capabilityFlags) {
    /** IBV_DEVICE_MEM_WINDOW: type-1 memory windows. */
    public static final int MEM_WINDOW = 1 << 17;
    /** IBV_DEVICE_MEM_MGT_EXTENSIONS: LOCAL_INV, SEND_WITH_INV and fast registration. */
    public static final int MEM_MGT_EXTENSIONS = 1 << 21;
    /** IBV_DEVICE_MEM_WINDOW_TYPE_2A: type-2 windows associated with a QP number. */
    public static final int MEM_WINDOW_TYPE_2A = 1 << 23;
    /** IBV_DEVICE_MEM_WINDOW_TYPE_2B: type-2 windows associated with a QP number and a PD. */
    public static final int MEM_WINDOW_TYPE_2B = 1 << 24;

    public boolean has(int flag) {
        return (capabilityFlags & flag) != 0;
    }
}
