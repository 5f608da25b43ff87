package io.fabrichealth.probes.pingpong.verbs;

import io.fabrichealth.config.MemoryMode;
import io.fabrichealth.jni.verbs.VerbsDevice;
import io.fabrichealth.probes.pingpong.Terms;

/**
 * Whether a device can take its side of a ping-pong in the window memory mode. A device without what the mode
 * needs makes the run UNSUPPORTED (or the responder REFUSED) with the reason, never a failure: it is a fact
 * about the hardware, not a fault of the fabric.
 */
final class MemoryWindows {
    private MemoryWindows() {
    }

    /**
     * Why {@code device} cannot take the client's ({@code client}) or server's side under {@code terms}, or null
     * when it can. The client allocates, binds and (without server_inv) locally invalidates type-2 windows; the
     * server only needs SEND_WITH_INV, and only for server_inv.
     */
    static String unsupported(VerbsDevice device, boolean client, Terms terms) {
        if (terms.memory() != MemoryMode.WINDOW) {
            return null;
        }
        String flags = String.format("device_cap_flags 0x%x", device.capabilityFlags());
        if (client) {
            if (device.maxMemoryWindows() <= 0) {
                return device.name() + " has no memory windows (ibv_query_device: max_mw " + device.maxMemoryWindows()
                        + "): the window memory mode needs type-2 windows; use pingpong.memory reregister or once";
            }
            if (!device.has(VerbsDevice.MEM_WINDOW_TYPE_2A) && !device.has(VerbsDevice.MEM_WINDOW_TYPE_2B)) {
                return device.name() + " has memory windows but not type 2 (" + flags + " lacks MEM_WINDOW_TYPE_2A "
                        + "and _2B): the window memory mode binds type-2 windows; use pingpong.memory reregister";
            }
            if (!device.has(VerbsDevice.MEM_MGT_EXTENSIONS)) {
                return device.name() + " cannot invalidate memory windows (" + flags + " lacks MEM_MGT_EXTENSIONS: "
                        + "no LOCAL_INV or SEND_WITH_INV); use pingpong.memory reregister";
            }
        } else if (terms.serverInvalidate() && !device.has(VerbsDevice.MEM_MGT_EXTENSIONS)) {
            return device.name() + " cannot send SEND_WITH_INV (" + flags + " lacks MEM_MGT_EXTENSIONS), which "
                    + "krping's server_inv needs: set pingpong.serverInvalidate false on the initiator";
        }
        return null;
    }
}
