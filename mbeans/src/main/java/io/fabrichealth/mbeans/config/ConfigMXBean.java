package io.fabrichealth.mbeans.config;

/** The effective config, and a reload that keeps the last good config when the file is invalid. */
public interface ConfigMXBean {
    String OBJECT_NAME = "fabric.health:type=Config";

    /** The file in use, or {@code embedded:default.yaml}. */
    String getSource();

    /** The effective config (defaults filled in) as YAML. */
    String getEffectiveConfig();

    /** False while the agent runs without a valid config (it failed at startup and no reload fixed it). */
    boolean isValid();

    /** Every problem found in the last rejected load, one per line as file:line:column: field: message. */
    String getLastErrors();

    /** ISO-8601 instant of the last reload; empty before the first. */
    String getLastReloadAt();

    /** {@code accepted}, {@code rejected} or empty before the first reload. */
    String getLastReloadResult();

    /** Re-reads the source. An invalid file is rejected and the running config stays; the answer says why. */
    String reload();
}
