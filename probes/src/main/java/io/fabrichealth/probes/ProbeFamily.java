package io.fabrichealth.probes;

/** The probe families; the names match the {@code probe:} values of a schedule in the config. */
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
