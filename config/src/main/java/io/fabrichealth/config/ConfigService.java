package io.fabrichealth.config;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The running config of one agent. A reload that finds the file invalid is rejected and the last good config
 * stays, so a typo never stops the probes. Listeners (schedules, probes) hear about accepted configs only.
 */
public final class ConfigService {
    /** What one reload did; {@code message} is what an operator reads after calling reload(). */
    public record ReloadResult(boolean accepted, String message, Instant at) {
    }

    private final Path file;
    private final List<Consumer<FabricHealthConfig>> listeners = new CopyOnWriteArrayList<>();
    private volatile FabricHealthConfig current;
    private volatile String lastErrors = "";
    private volatile ReloadResult lastReload;

    /** {@code file} null means the embedded default. A file that is invalid at start leaves no config. */
    public ConfigService(Path file) {
        this.file = file == null ? null : file.toAbsolutePath();
        try {
            current = load();
        } catch (ConfigException e) {
            lastErrors = e.describe();
        }
    }

    /** The file named by -Dfabric.health.config, else $FABRIC_HEALTH_CONFIG, else the embedded default. */
    public static ConfigService fromEnvironment() {
        return new ConfigService(ConfigLoader.locateFile().orElse(null));
    }

    private FabricHealthConfig load() throws ConfigException {
        return file == null ? ConfigLoader.loadDefault() : ConfigLoader.load(file);
    }

    public String source() {
        return file == null ? ConfigLoader.DEFAULT_SOURCE : file.toString();
    }

    /** Empty only while no valid config was ever loaded. */
    public Optional<FabricHealthConfig> current() {
        return Optional.ofNullable(current);
    }

    /** Every problem of the last rejected load, one per line; empty after a good load. */
    public String lastErrors() {
        return lastErrors;
    }

    public Optional<ReloadResult> lastReload() {
        return Optional.ofNullable(lastReload);
    }

    public void onChange(Consumer<FabricHealthConfig> listener) {
        listeners.add(listener);
    }

    /** What a running agent cannot change in place: its listeners and the transports it opened. */
    private static boolean needsRestart(FabricHealthConfig a, FabricHealthConfig b) {
        return !a.http().equals(b.http()) || !a.jmx().equals(b.jmx()) || !a.bursts().listen().equals(b.bursts().listen())
                || !a.pingpong().listen().equals(b.pingpong().listen())
                || !a.pingpong().transports().equals(b.pingpong().transports());
    }

    public synchronized ReloadResult reload() {
        ReloadResult result;
        try {
            FabricHealthConfig next = load();
            FabricHealthConfig previous = current;
            current = next;
            lastErrors = "";
            String note = previous != null && needsRestart(previous, next)
                    ? "; changes to http, jmx, bursts.listen, pingpong.listen and pingpong.transports take effect at the"
                      + " next restart" : "";
            result = new ReloadResult(true, "reload accepted: " + source() + note, Instant.now());
            for (Consumer<FabricHealthConfig> l : listeners) {
                l.accept(next);
            }
        } catch (ConfigException e) {
            lastErrors = e.describe();
            result = new ReloadResult(false, "reload rejected, the running config stays. " + e.describe(), Instant.now());
        }
        lastReload = result;
        return result;
    }
}
