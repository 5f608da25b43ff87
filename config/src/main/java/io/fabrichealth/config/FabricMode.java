package io.fabrichealth.config;

/** Where MADs go: the ibsim simulator (through umad2sim) or the host's real HCAs. */
public enum FabricMode {
    SIMULATED,
    HARDWARE
}
