package io.fabrichealth.jni;

import java.util.List;

/**
 * libibumad: the CAs this host sees, and MAD ports ({@link UmadPort}).
 *
 * <p>Under ibsim the same calls run through umad2sim ({@code LD_PRELOAD=.../libumad2sim.so}).
 * umad2sim attaches to the simulator on the first call that touches /sys/class/infiniband,
 * and if ibsim is not there it retries forever or exit()s the JVM; every entry point therefore
 * checks the simulator's socket first ({@link SimulatorGuard}). Two exits it cannot prevent: a
 * SIM_HOST naming no node of the topology, and an 11th client of one ibsim ("connect failed").
 */
public final class Umad {
    private Umad() {
    }

    /**
     * Names of the InfiniBand CAs (umad_get_cas_names); empty when the host has none.
     * (libibumad itself would invent "mthca0" when /sys/class/infiniband is missing.)
     */
    public static List<String> caNames() {
        NativeFamily.UMAD.ensureAvailable();
        SimulatorGuard.check();
        return List.of(caNames0());
    }

    /** One CA and its ports (umad_get_ca); {@code name} null means the first CA. */
    public static CaInfo ca(String name) {
        NativeFamily.UMAD.ensureAvailable();
        SimulatorGuard.check();
        String resolved = name != null ? name : firstCa("umad_get_ca");
        try {
            return ca0(resolved);
        } catch (NativeException e) {
            throw new NativeException(e.status(), "umad_get_ca(" + resolved + ")", "known CAs: " + caNames());
        }
    }

    /**
     * Opens a MAD port (umad_open_port).
     *
     * @param ca   CA name, or null for the first CA with an active port
     * @param port port number, or 0 for the first active port
     */
    public static UmadPort open(String ca, int port) {
        NativeFamily.UMAD.ensureAvailable();
        SimulatorGuard.check();
        if (ca == null) {
            firstCa("umad_open_port");
        }
        return UmadPort.open(ca, port);
    }

    /** True when libumad2sim is preloaded, i.e. the MADs go to ibsim rather than a kernel. */
    public static boolean underSimulator() {
        return SimulatorGuard.preloaded();
    }

    private static String firstCa(String call) {
        List<String> names = caNames();
        if (names.isEmpty()) {
            throw new NativeException(-Errno.ENODEV, call, "this host has no InfiniBand CA (/sys/class/infiniband "
                    + "is empty); to use ibsim set LD_PRELOAD=" + SimulatorGuard.UMAD2SIM
                    + " and IBSIM_SOCKNAME");
        }
        return names.get(0);
    }

    private static native String[] caNames0();

    private static native CaInfo ca0(String name);
}
