package io.fabrichealth.probes.local;

/**
 * The local end of the fabric the agent uses: mode (simulated or hardware), CA and port, and that port's state.
 * {@code error} is empty when the port was read; otherwise it says why not and what to do.
 */
public record LocalFabric(String mode, String simHost, String ca, int port, String portGuid, int lid, String state,
                          String error) {

    public static LocalFabric unknown(String mode, String simHost, String error) {
        return new LocalFabric(mode, simHost == null ? "" : simHost, "", 0, "", 0, "Unknown", error);
    }
}
