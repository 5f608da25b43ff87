package io.fabrichealth.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes YAML to a real file and loads it the way the agent does, so errors carry a real file name. */
final class ConfigFiles {
    private final Path dir;

    ConfigFiles(Path dir) {
        this.dir = dir;
    }

    Path write(String name, String yaml) {
        try {
            Path file = dir.resolve(name);
            Files.createDirectories(file.getParent());
            return Files.writeString(file, yaml);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    FabricHealthConfig load(String yaml) throws ConfigException {
        return ConfigLoader.load(write("fabric-health.yaml", yaml));
    }

    ConfigException failure(String yaml) {
        Path file = write("fabric-health.yaml", yaml);
        ConfigException e = catchThrowableOfType(ConfigException.class, () -> ConfigLoader.load(file));
        assertThat(e).as("loading should fail:%n%s", yaml).isNotNull();
        assertThat(e.file()).isEqualTo(file.toString());
        return e;
    }

    /** The single error the YAML must produce; more than one means a check misfired. */
    ConfigError onlyError(String yaml, int line, String field, String expected) {
        ConfigException e = failure(yaml);
        assertThat(e.errors()).as(e.describe()).hasSize(1);
        ConfigError error = e.errors().get(0);
        assertThat(error.line()).as(error.message()).isEqualTo(line);
        assertThat(error.field()).as(error.message()).isEqualTo(field);
        assertThat(error.expected()).as(error.message()).contains(expected);
        assertThat(e.getMessage()).isEqualTo(error.message()).startsWith(e.file() + ":" + line + ":");
        return error;
    }
}
