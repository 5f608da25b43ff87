package io.fabrichealth.config;

import java.nio.file.Path;
import java.util.Optional;

/** Where the simulated fabric comes from: the topology bundled with the agent, or an ibnetdiscover-format file. */
public record Topology(Path file) {

    public static final String BUNDLED_NAME = "bundled";
    public static final Topology BUNDLED = new Topology(null);

    public static Topology file(Path file) {
        return new Topology(file);
    }

    public boolean isBundled() {
        return file == null;
    }

    /** The file to hand to {@code ibsim -s}, empty for the bundled topology. */
    public Optional<Path> topologyFile() {
        return Optional.ofNullable(file);
    }

    @Override
    public String toString() {
        return isBundled() ? BUNDLED_NAME : file.toString();
    }
}
