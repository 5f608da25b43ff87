package io.fabrichealth.config.bind;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;

/** Scalar types of the JDK: strings, numbers, booleans and paths. */
final class BuiltInScalars {
    private BuiltInScalars() {
    }

    static final ScalarType<String> STRING = new ScalarType<>() {
        @Override
        public String expected() {
            return "a string";
        }

        @Override
        public String parse(String text, Path baseDir) {
            return text;
        }

        @Override
        public Object render(String value) {
            return value;
        }
    };

    static final ScalarType<Integer> INT = new ScalarType<>() {
        @Override
        public String expected() {
            return "an integer";
        }

        @Override
        public Integer parse(String text, Path baseDir) {
            try {
                return Integer.parseInt(text.strip());
            } catch (NumberFormatException e) {
                throw new BadValue();
            }
        }

        @Override
        public Object render(Integer value) {
            return value;
        }

        @Override
        public int signum(Integer value) {
            return Integer.signum(value);
        }
    };

    static final ScalarType<Long> LONG = new ScalarType<>() {
        @Override
        public String expected() {
            return "an integer";
        }

        @Override
        public Long parse(String text, Path baseDir) {
            try {
                return Long.parseLong(text.strip());
            } catch (NumberFormatException e) {
                throw new BadValue();
            }
        }

        @Override
        public Object render(Long value) {
            return value;
        }

        @Override
        public int signum(Long value) {
            return Long.signum(value);
        }
    };

    static final ScalarType<Double> DOUBLE = new ScalarType<>() {
        @Override
        public String expected() {
            return "a number";
        }

        @Override
        public Double parse(String text, Path baseDir) {
            try {
                double d = Double.parseDouble(text.strip());
                if (Double.isFinite(d)) {
                    return d;
                }
            } catch (NumberFormatException e) {
                // falls through to the error below
            }
            throw new BadValue();
        }

        @Override
        public Object render(Double value) {
            return value;
        }

        @Override
        public int signum(Double value) {
            return (int) Math.signum(value);
        }
    };

    /** Only true and false: YAML 1.1's yes/no/on/off are a classic source of surprises. */
    static final ScalarType<Boolean> BOOLEAN = new ScalarType<>() {
        @Override
        public String expected() {
            return "true or false";
        }

        @Override
        public Boolean parse(String text, Path baseDir) {
            return switch (text.strip().toLowerCase(Locale.ROOT)) {
                case "true" -> true;
                case "false" -> false;
                default -> throw new BadValue();
            };
        }

        @Override
        public Object render(Boolean value) {
            return value;
        }
    };

    static final ScalarType<Path> PATH = new ScalarType<>() {
        @Override
        public String expected() {
            return "a file path (relative paths start at the config file's folder, ~ is the home folder)";
        }

        @Override
        public Path parse(String text, Path baseDir) {
            return resolvePath(text, baseDir);
        }

        @Override
        public Object render(Path value) {
            return value.toString();
        }
    };

    /** {@code ~/x} is under the home folder; a relative path is under {@code baseDir}. */
    static Path resolvePath(String text, Path baseDir) {
        String t = text.strip();
        if (t.isEmpty()) {
            throw new BadValue("the path is empty");
        }
        try {
            Path p;
            if (t.equals("~") || t.startsWith("~/")) {
                p = Path.of(System.getProperty("user.home")).resolve(t.substring(1).replaceFirst("^/", ""));
            } else {
                p = baseDir.resolve(t);
            }
            return p.toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            throw new BadValue(e.getReason());
        }
    }
}
