package io.fabrichealth.config;

import io.fabrichealth.config.bind.BadValue;
import io.fabrichealth.config.bind.ScalarType;
import io.fabrichealth.config.bind.ScalarTypes;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/** The value types of this model, as the binder reads and writes them. */
final class ConfigScalars {
    private ConfigScalars() {
    }

    static final ScalarTypes TYPES = ScalarTypes.builtIns()
            .with(Duration.class, new Text<>("a duration like 500ms, 2s or 1m", "a positive duration like 500ms, 2s or 1m",
                    ConfigScalars::nonNegativeDuration, Durations::format, d -> d.isZero() ? 0 : 1))
            .with(ByteSize.class, new Text<>("a size like 64K, 1M, 2G or 4096 (bytes)",
                    "a positive size like 64K, 1M, 2G or 4096 (bytes)", ByteSize::parse, ConfigScalars::sizeText,
                    s -> Long.signum(s.bytes())))
            .with(HostPort.class, new Text<>("host:port like 127.0.0.1:7471 or [::1]:7471, port 1..65535", null,
                    HostPort::parse, HostPort::toString, null))
            .with(Percent.class, new Text<>("a percentage like 10% or a fraction like 0.1", null, Percent::parse,
                    Percent::toString, null))
            .with(SmpTarget.class, new Text<>("an SMP target like lid:5 or dr:0,1,3", null, SmpTarget::parse,
                    SmpTarget::toString, null))
            .with(BurstSet.class, new Text<>("default, or keywords joined by commas like cacheless,reregister (keywords: "
                    + "cacheless, cancel, contiguous, reregister, wait)", null, BurstSet::parse, BurstSet::toString, null))
            .with(PortGuid.class, new Text<>("a port GUID like 0x0002c90300000001", null, PortGuid::parse,
                    PortGuid::toString, null))
            .with(Topology.class, new TopologyScalar());

    /** Plain byte counts print as numbers, so the dumper does not quote them. */
    private static Object sizeText(ByteSize size) {
        String text = size.toString();
        return text.chars().allMatch(Character::isDigit) ? (Object) size.bytes() : text;
    }

    private static Duration nonNegativeDuration(String text) {
        Duration d = Durations.parse(text);
        if (d.isNegative()) {
            throw new IllegalArgumentException((String) null); // the expected text says it all
        }
        return d;
    }

    /** A value type that is one piece of text; the parser's IllegalArgumentException message becomes the hint. */
    private record Text<T>(String expected, String positive, Function<String, T> parser,
            Function<T, Object> printer, ToIntFunction<T> sign) implements ScalarType<T> {

        @Override
        public String expectedPositive() {
            return positive != null ? positive : ScalarType.super.expectedPositive();
        }

        @Override
        public T parse(String text, Path baseDir) {
            try {
                return parser.apply(text);
            } catch (IllegalArgumentException e) {
                throw new BadValue(e.getMessage());
            }
        }

        @Override
        public Object render(T value) {
            return printer.apply(value);
        }

        @Override
        public int signum(T value) {
            return sign.applyAsInt(value);
        }
    }

    /** {@code bundled}, or a topology file path resolved like every other path. */
    private static final class TopologyScalar implements ScalarType<Topology> {
        private final ScalarType<Object> paths = ScalarTypes.builtIns().find(Path.class);

        @Override
        public String expected() {
            return "\"bundled\" or the path of an ibnetdiscover-format topology file";
        }

        @Override
        public Topology parse(String text, Path baseDir) {
            if (text.strip().equals(Topology.BUNDLED_NAME)) {
                return Topology.BUNDLED;
            }
            return Topology.file((Path) paths.parse(text, baseDir));
        }

        @Override
        public Object render(Topology value) {
            return value.toString();
        }
    }
}
