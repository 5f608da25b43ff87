package io.fabrichealth.config;

import java.util.List;

/**
 * A config file that cannot be used. Carries every problem found, so one run of the agent shows them all;
 * the accessors describe the first one.
 */
public final class ConfigException extends Exception {
    private static final long serialVersionUID = 1L;

    private final List<ConfigError> errors;

    public ConfigException(List<ConfigError> errors) {
        super(errors.isEmpty() ? "no errors" : errors.get(0).message());
        if (errors.isEmpty()) {
            throw new IllegalArgumentException("A ConfigException needs at least one ConfigError");
        }
        this.errors = List.copyOf(errors);
    }

    public ConfigException(ConfigError error, Throwable cause) {
        super(error.message(), cause);
        this.errors = List.of(error);
    }

    public List<ConfigError> errors() {
        return errors;
    }

    public String file() {
        return errors.get(0).file();
    }

    public int line() {
        return errors.get(0).line();
    }

    public int column() {
        return errors.get(0).column();
    }

    public String field() {
        return errors.get(0).field();
    }

    public String expected() {
        return errors.get(0).expected();
    }

    /** Every problem, one per line, in file order, under a count. */
    public String describe() {
        StringBuilder s = new StringBuilder();
        s.append(errors.size()).append(errors.size() == 1 ? " problem in " : " problems in ").append(file());
        for (ConfigError e : errors) {
            s.append(System.lineSeparator()).append("  ").append(e.message());
        }
        return s.toString();
    }
}
