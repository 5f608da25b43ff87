package io.fabrichealth.probes.local;

import io.fabrichealth.config.FabricHealthConfig;
import io.fabrichealth.config.FabricMode;
import io.fabrichealth.jni.CaInfo;
import io.fabrichealth.jni.CaPort;
import io.fabrichealth.jni.NativeFamily;
import io.fabrichealth.jni.Rds;
import io.fabrichealth.jni.Umad;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** What this host can do: which native families loaded, and which local CA and port the agent uses. */
public final class LocalInspection {
    private static final String[] PORT_STATES = {"NoChange", "Down", "Init", "Armed", "Active"};

    private LocalInspection() {
    }

    public static List<NativeStatus> natives() {
        List<NativeStatus> out = new ArrayList<>();
        for (NativeFamily f : NativeFamily.values()) {
            String detail = "";
            if (f == NativeFamily.RDS && f.available()) {
                detail = Rds.describeKernelSupport(Rds.kernelSupport());
            }
            out.add(new NativeStatus(f, f.available(), f.version(),
                    f.available() ? "" : f.cause(), detail));
        }
        return out;
    }

    /** What is known before the port is read: the mode and attach point from the config and environment. */
    public static LocalFabric pending(FabricHealthConfig cfg) {
        return LocalFabric.unknown(mode(cfg), simHost(cfg), "not inspected yet");
    }

    private static String mode(FabricHealthConfig cfg) {
        return cfg.fabric().mode().name().toLowerCase(Locale.ROOT);
    }

    private static String simHost(FabricHealthConfig cfg) {
        if (cfg.fabric().mode() != FabricMode.SIMULATED) {
            return "";
        }
        String configured = cfg.simulation().simHost();
        return configured != null ? configured : System.getenv().getOrDefault("SIM_HOST", "");
    }

    public static LocalFabric fabric(FabricHealthConfig cfg) {
        boolean simulated = cfg.fabric().mode() == FabricMode.SIMULATED;
        String mode = mode(cfg);
        String simHost = simHost(cfg);
        if (!NativeFamily.UMAD.available()) {
            return LocalFabric.unknown(mode, simHost, "the umad family is unavailable: " + NativeFamily.UMAD.cause());
        }
        if (simulated && !Umad.underSimulator()) {
            return LocalFabric.unknown(mode, simHost, "fabric.mode is simulated but libumad2sim is not preloaded: "
                    + "start the agent with ./fabric-health run, or set fabric.mode: hardware");
        }
        try {
            CaInfo ca = Umad.ca(cfg.fabric().ca());
            CaPort port = pickPort(ca, cfg.fabric().port());
            return new LocalFabric(mode, simHost, ca.name(), port.portNum(), String.format("0x%016x", port.portGuid()),
                    port.lid(), stateName(port.state()), "");
        } catch (RuntimeException e) {
            String hint = simulated ? "is the simulated fabric up? (./fabric-health run starts it)"
                    : "check the CA with ibstat and fabric.ca / fabric.port in the config";
            return LocalFabric.unknown(mode, simHost, e.getMessage() + "; " + hint);
        }
    }

    /** The configured port, else the first Active one, else the first one. */
    private static CaPort pickPort(CaInfo ca, int wanted) {
        if (wanted != 0) {
            return ca.port(wanted);
        }
        return ca.ports().stream().filter(p -> p.state() == 4).findFirst()
                .orElseGet(() -> ca.ports().stream().findFirst()
                        .orElseThrow(() -> new IllegalStateException("CA " + ca.name() + " has no ports")));
    }

    static String stateName(int state) {
        return state >= 0 && state < PORT_STATES.length ? PORT_STATES[state] : "Unknown(" + state + ")";
    }
}
