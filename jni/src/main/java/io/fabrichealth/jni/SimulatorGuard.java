package io.fabrichealth.jni;

/**
 * Refuses to touch umad2sim while ibsim is unreachable. umad2sim connects on first use and
 * then either retries forever (ECONNREFUSED) or calls exit(), which would kill the whole JVM.
 */
final class SimulatorGuard {
    static final String UMAD2SIM = "/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so";

    private SimulatorGuard() {
    }

    static boolean preloaded() {
        String preload = System.getenv("LD_PRELOAD");
        return preload != null && preload.contains("umad2sim");
    }

    static void check() {
        if (!preloaded()) {
            return;
        }
        String server = System.getenv("IBSIM_SERVER_NAME");
        if (server != null && !server.isEmpty()) {
            return; // remote (UDP) ibsim: a connect proves nothing, so there is nothing to check
        }
        String sockName = System.getenv().getOrDefault("IBSIM_SOCKNAME", "sim");
        NativeFamily.UMAD.ensureAvailable(); // registers reachable0
        NativeException.check(reachable0(sockName), "connect to ibsim's socket @" + sockName + ":ctl",
                rc -> rc == -Errno.ECONNREFUSED
                        ? "ibsim is not running with IBSIM_SOCKNAME=" + sockName
                                + "; start it first (umad2sim would wait forever or exit the JVM)"
                        : "check IBSIM_SOCKNAME");
    }

    /** 0 when ibsim's control socket "@NAME:ctl" accepts a connection, else -errno. */
    private static native int reachable0(String sockName);
}
