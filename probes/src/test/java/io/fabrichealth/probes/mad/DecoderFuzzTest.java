package io.fabrichealth.probes.mad;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Garbage in, MadDecodeException out: 100k random inputs per decoder (lengths 0..300, random offsets,
 * headers that look right over random data) plus 50k mutations of the captured vectors, fed through
 * byte[], heap, direct and little-endian buffers. Anything else escaping (IndexOutOfBounds, NPE,
 * BufferUnderflow...) fails. Seeded, so a failure reproduces.
 */
class DecoderFuzzTest {

    private static final int RANDOM_INPUTS = 100_000;
    private static final int MUTATIONS = 50_000;

    @FunctionalInterface
    interface BufferDecoder {
        Object decode(ByteBuffer buf, int offset) throws MadDecodeException;
    }

    @FunctionalInterface
    interface ArrayDecoder {
        Object decode(byte[] bytes, int offset) throws MadDecodeException;
    }

    record Target(String name, int mgmtClass, int attributeId, BufferDecoder buffer, ArrayDecoder array) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Target> decoders() {
        return Stream.of(
                new Target("NodeInfo", Mad.CLASS_SUBN_LID_ROUTED, NodeInfo.ATTRIBUTE_ID, NodeInfo::decode, NodeInfo::decode),
                new Target("NodeDescription", Mad.CLASS_SUBN_DIRECTED_ROUTE, NodeDescription.ATTRIBUTE_ID,
                        NodeDescription::decode, NodeDescription::decode),
                new Target("SwitchInfo", Mad.CLASS_SUBN_LID_ROUTED, SwitchInfo.ATTRIBUTE_ID, SwitchInfo::decode,
                        SwitchInfo::decode),
                new Target("PortInfo", Mad.CLASS_SUBN_DIRECTED_ROUTE, PortInfo.ATTRIBUTE_ID, PortInfo::decode,
                        PortInfo::decode),
                new Target("ClassPortInfo", Mad.CLASS_PERF_MGMT, ClassPortInfo.ATTRIBUTE_ID, ClassPortInfo::decode,
                        ClassPortInfo::decode),
                new Target("PortCounters", Mad.CLASS_PERF_MGMT, PortCounters.ATTRIBUTE_ID, PortCounters::decode,
                        PortCounters::decode),
                new Target("PortCountersExtended", Mad.CLASS_PERF_MGMT, PortCountersExtended.ATTRIBUTE_ID,
                        PortCountersExtended::decode, PortCountersExtended::decode),
                new Target("MadHeader", Mad.CLASS_PERF_MGMT, 0x12, MadHeader::decode, MadHeader::decode),
                new Target("SmpHeader", Mad.CLASS_SUBN_DIRECTED_ROUTE, 0x15, SmpHeader::decode, SmpHeader::decode),
                new Target("MadResponse", Mad.CLASS_SUBN_LID_ROUTED, 0x15, MadResponse::decode, MadResponse::decode));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("decoders")
    void onlyMadDecodeExceptionEscapesFromGarbage(Target target) {
        long seed = 0x5EED_0000L + target.name().hashCode();
        Random random = new Random(seed);
        int decoded = 0;
        for (int i = 0; i < RANDOM_INPUTS; i++) {
            byte[] bytes = new byte[random.nextInt(301)];
            random.nextBytes(bytes);
            if (i % 2 == 1 && bytes.length >= 18) {
                plausibleHeader(bytes, target, random);
            }
            int offset = random.nextInt(8) == 0 ? random.nextInt(bytes.length + 5) - 2 : 0;
            decoded += feed(target, bytes, offset, random, seed, i);
        }
        List<byte[]> valid = validResponses();
        for (int i = 0; i < MUTATIONS; i++) {
            byte[] bytes = mutate(valid.get(random.nextInt(valid.size())), random);
            decoded += feed(target, bytes, random.nextInt(4) == 0 ? random.nextInt(3) : 0, random, seed, i);
        }
        // Not a requirement, but a fuzzer that never gets past the header check tests little.
        assertThat(decoded).as("inputs that decoded").isGreaterThan(1000);
    }

    private static int feed(Target target, byte[] bytes, int offset, Random random, long seed, int round) {
        try {
            switch (random.nextInt(4)) {
                case 0 -> target.array().decode(bytes, offset);
                case 1 -> target.buffer().decode(ByteBuffer.wrap(bytes), offset);
                case 2 -> target.buffer().decode(fill(DIRECT_BIG.get(), bytes), offset);
                default -> target.buffer().decode(fill(DIRECT_LITTLE.get(), bytes), offset);
            }
            if (offset < 0 || bytes.length - offset < Mad.SIZE) {
                fail(String.format("%s decoded without 256 bytes at offset %d of %d (seed 0x%x, round %d)",
                        target, offset, bytes.length, seed, round));
            }
            return 1;
        } catch (MadDecodeException expected) {
            if (expected.getMessage() == null || expected.getMessage().isBlank()) {
                fail(target + " threw a MadDecodeException without a message");
            }
            return 0;
        } catch (RuntimeException | Error e) {
            fail(String.format("%s let %s escape (seed 0x%x, round %d, %d bytes at offset %d)",
                    target, e, seed, round, bytes.length, offset), e);
            return 0;
        }
    }

    /** Version 1, the decoder's class and attribute, GetResp, and usually status 0, over random data. */
    private static void plausibleHeader(byte[] b, Target target, Random random) {
        b[0] = 1;
        b[1] = (byte) target.mgmtClass();
        b[2] = 1;
        b[3] = (byte) MadMethods.GET_RESP;
        if (random.nextInt(4) != 0) {
            b[4] = (byte) (target.mgmtClass() == Mad.CLASS_SUBN_DIRECTED_ROUTE ? 0x80 : 0);
            b[5] = 0;
        }
        if (random.nextInt(3) == 0) {
            b[7] = (byte) random.nextInt(70); // DR hop counts around the 63 limit
        }
        b[16] = (byte) (target.attributeId() >>> 8);
        b[17] = (byte) target.attributeId();
    }

    private static byte[] mutate(byte[] valid, Random random) {
        byte[] b;
        switch (random.nextInt(4)) {
            case 0 -> b = java.util.Arrays.copyOf(valid, random.nextInt(valid.length + 1)); // truncated
            case 1 -> b = java.util.Arrays.copyOf(valid, valid.length + random.nextInt(45)); // padded
            default -> b = valid.clone();
        }
        int flips = 1 + random.nextInt(8);
        for (int i = 0; i < flips && b.length > 0; i++) {
            int at = random.nextInt(4) == 0 ? random.nextInt(Math.min(b.length, 24)) : random.nextInt(b.length);
            b[at] ^= (byte) (1 << random.nextInt(8));
        }
        return b;
    }

    private static List<byte[]> validResponses() {
        List<byte[]> all = new ArrayList<>();
        for (MadVector v : MadVector.all(MadVector.folder())) {
            all.addAll(v.received);
        }
        return all;
    }

    /** Reused direct buffers (allocating one per input would dominate the run time). */
    private static final ThreadLocal<ByteBuffer> DIRECT_BIG =
            ThreadLocal.withInitial(() -> ByteBuffer.allocateDirect(512).order(ByteOrder.BIG_ENDIAN));
    private static final ThreadLocal<ByteBuffer> DIRECT_LITTLE =
            ThreadLocal.withInitial(() -> ByteBuffer.allocateDirect(512).order(ByteOrder.LITTLE_ENDIAN));

    /** The bytes at the start of a reused buffer whose limit ends right after them. */
    private static ByteBuffer fill(ByteBuffer buf, byte[] bytes) {
        buf.clear();
        buf.put(bytes).flip();
        return buf;
    }
}
