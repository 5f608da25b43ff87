package io.fabrichealth.config;

import io.fabrichealth.config.bind.ConfigBinder;
import io.fabrichealth.config.bind.Position;
import io.fabrichealth.config.bind.Problem;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.schema.CoreSchema;

/**
 * Reads the agent's YAML config into a {@link FabricHealthConfig}, or fails with every problem in the file.
 * Composing (not constructing) keeps each node's line and column, which is what the error messages need.
 */
public final class ConfigLoader {
    public static final String DEFAULT_SOURCE = "embedded:default.yaml";
    public static final String DEFAULT_RESOURCE = "io/fabrichealth/config/default.yaml";
    /** System property naming the config file; wins over {@link #CONFIG_ENV}. */
    public static final String CONFIG_PROPERTY = "fabric.health.config";
    public static final String CONFIG_ENV = "FABRIC_HEALTH_CONFIG";

    private static final Comparator<ConfigError> FILE_ORDER =
            Comparator.comparingInt(ConfigError::line).thenComparingInt(ConfigError::column);

    private ConfigLoader() {
    }

    /** Loads a file; relative paths inside it resolve against its folder. */
    public static FabricHealthConfig load(Path file) throws ConfigException {
        Path absolute = file.toAbsolutePath().normalize();
        String name = absolute.toString();
        String text;
        try {
            text = Files.readString(absolute, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw wholeFile(name, "an existing YAML file", "nothing at that path",
                    "check " + CONFIG_PROPERTY + " / " + CONFIG_ENV + ", or start from fabric-health.example.yaml", e);
        } catch (CharacterCodingException e) {
            throw wholeFile(name, "UTF-8 text", "bytes that are not UTF-8", null, e);
        } catch (IOException e) {
            throw wholeFile(name, "a readable YAML file", e.toString(), "check the path and its permissions", e);
        }
        return parse(text, name, absolute.getParent());
    }

    /** The embedded default: simulated fabric on the bundled topology, libfabric tcp on loopback. */
    public static FabricHealthConfig loadDefault() {
        try (InputStream in = ConfigLoader.class.getClassLoader().getResourceAsStream(DEFAULT_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(DEFAULT_RESOURCE + " is missing from the classpath: rebuild the jar");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), DEFAULT_SOURCE,
                    Path.of("").toAbsolutePath());
        } catch (IOException | ConfigException e) {
            throw new IllegalStateException("The embedded " + DEFAULT_RESOURCE + " is broken: " + e.getMessage(), e);
        }
    }

    /**
     * The file named by system property {@value #CONFIG_PROPERTY}, else by environment variable
     * {@value #CONFIG_ENV}, else the embedded default.
     */
    public static FabricHealthConfig locate() throws ConfigException {
        return locate(System::getProperty, System::getenv);
    }

    static FabricHealthConfig locate(UnaryOperator<String> properties, UnaryOperator<String> environment)
            throws ConfigException {
        Optional<Path> file = locateFile(properties, environment);
        return file.isPresent() ? load(file.get()) : loadDefault();
    }

    /** The file {@link #locate()} would load; empty means the embedded default. */
    public static Optional<Path> locateFile() {
        return locateFile(System::getProperty, System::getenv);
    }

    static Optional<Path> locateFile(UnaryOperator<String> properties, UnaryOperator<String> environment) {
        for (String named : new String[] {properties.apply(CONFIG_PROPERTY), environment.apply(CONFIG_ENV)}) {
            if (named != null && !named.isBlank()) {
                return Optional.of(Path.of(named.strip()));
            }
        }
        return Optional.empty();
    }

    /**
     * Parses YAML text. An empty document gives {@link FabricHealthConfig#DEFAULTS}.
     *
     * @param sourceName names the text in errors and in {@link FabricHealthConfig#source()}
     * @param baseDir where relative paths in the text start
     */
    public static FabricHealthConfig parse(String yaml, String sourceName, Path baseDir) throws ConfigException {
        LoadSettings settings = LoadSettings.builder().setLabel(sourceName).setSchema(new CoreSchema()).build();
        Node root;
        try {
            root = new Compose(settings).composeString(yaml).orElse(null);
        } catch (MarkedYamlEngineException e) {
            Position at = Position.of(e.getProblemMark().isPresent() ? e.getProblemMark() : e.getContextMark());
            String context = e.getContext() == null ? "" : ", " + e.getContext().strip()
                    + e.getContextMark().map(m -> " that starts at line " + (m.getLine() + 1)).orElse("");
            throw new ConfigException(List.of(new ConfigError(sourceName, at.line(), at.column(), "", "valid YAML",
                    null, e.getProblem().strip() + context)));
        } catch (YamlEngineException e) {
            throw wholeFile(sourceName, "valid YAML", null, e.getMessage(), e);
        }
        ConfigBinder binder = new ConfigBinder(ConfigScalars.TYPES, baseDir.toAbsolutePath().normalize());
        FabricHealthConfig config = binder.bindRoot(FabricHealthConfig.class, root).withSource(sourceName);
        List<Problem> problems = new ArrayList<>(binder.problems());
        problems.addAll(ConfigValidator.check(config, binder.locator()));
        if (!problems.isEmpty()) {
            List<ConfigError> errors = new ArrayList<>();
            for (Problem p : problems) {
                errors.add(new ConfigError(sourceName, p.at().line(), p.at().column(), p.field(), p.expected(),
                        p.got(), p.hint()));
            }
            errors.sort(FILE_ORDER);
            throw new ConfigException(errors);
        }
        return config;
    }

    private static ConfigException wholeFile(String name, String expected, String got, String hint, Exception cause) {
        return new ConfigException(new ConfigError(name, 0, 0, "", expected, got, hint), cause);
    }
}
