package io.fabrichealth.config;

/** The probe families: what a schedule fires ({@code probe:} in the config), and what counts runs and errors. */
public enum ProbeFamily {
    SMP_SWEEP("smp-sweep"),
    BURSTS("bursts"),
    PINGPONG("pingpong");

    private final String configName;

    ProbeFamily(String configName) {
        this.configName = configName;
    }

    public String configName() {
        return configName;
    }
}
