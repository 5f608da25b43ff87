package io.fabrichealth.jni.fabric;

import io.fabrichealth.jni.NativeFamily;
import java.util.LinkedHashMap;
import java.util.Map;

/** Process-wide facts about the fabric family that tests and results report. */
public final class FabricLibrary {
    private FabricLibrary() {
    }

    /** fids and fi_info copies opened through this binding and not yet closed. */
    public static long openHandles() {
        NativeFamily.FABRIC.ensureAvailable();
        return Fid.handles0();
    }

    /**
     * The FI_* environment variables as this process had them when libfabric was opened. libfabric
     * reads them once, at that moment, so this is what its settings (FI_MR_CACHE_MAX_SIZE, ...) are.
     */
    public static Map<String, String> environmentAtInit() {
        NativeFamily.FABRIC.ensureAvailable();
        Map<String, String> env = new LinkedHashMap<>();
        for (String line : Fid.environment0().split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                env.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return env;
    }
}
