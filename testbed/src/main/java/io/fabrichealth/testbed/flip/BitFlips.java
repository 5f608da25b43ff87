package io.fabrichealth.testbed.flip;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;

/**
 * The Java side of {@code libfhflip.so}, the project's bit-flip injector (jni/src/main/c/inject/fh_flip.c): a
 * process started with it in LD_PRELOAD and {@code FH_FLIP_CTL} naming a control file flips exactly one bit per
 * arming in what it receives (recv, recvfrom, recvmsg, read, readv), as a faulty NIC or driver would. This class
 * creates and maps that control file; the process that maps it arms flips in itself or in its peers.
 */
public final class BitFlips implements AutoCloseable {
    public static final String CONTROL_VARIABLE = "FH_FLIP_CTL";
    private static final int MAGIC = 0x4C464846;
    private static final int SIZE = 4096;
    private static final int OFF_ARMED = 4;
    private static final int OFF_MODE = 8;
    private static final int OFF_PATTERN_LEN = 12;
    private static final int OFF_PATTERN = 16;
    private static final int OFF_OFFSET = 48;
    private static final int OFF_BIT = 52;
    private static final int OFF_MIN = 56;
    private static final int OFF_MAX = 64;
    private static final int OFF_SKIP = 72;
    private static final int OFF_FLIPS = 80;
    private static final int OFF_LAST_LEN = 88;
    private static final int OFF_LAST_OFFSET = 96;
    private static final int OFF_LAST_CALL = 108;
    private static final int OFF_FAMILY = 112;
    private static final int OFF_PID = 116;
    private static final int OFF_BEFORE = 128;
    private static final int OFF = 0;
    private static final int ARMED = 1;
    private static final VarHandle INT = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final String[] CALLS = {"?", "recv", "recvfrom", "recvmsg", "read", "readv"};

    private final Path control;
    private final MappedByteBuffer block;

    private BitFlips(Path control, MappedByteBuffer block) {
        this.control = control;
        this.block = block;
    }

    /**
     * Maps the control file; with {@code create}, makes it the right size and writes the magic that switches the
     * injector on (processes that mapped it earlier see the magic from their next receive on).
     */
    public static BitFlips map(Path control, boolean create) {
        try (RandomAccessFile f = new RandomAccessFile(control.toFile(), "rw")) {
            if (create && f.length() != SIZE) {
                // Never truncate a file other processes may have mapped already: that would fault their reads.
                f.setLength(SIZE);
            }
            MappedByteBuffer block = f.getChannel().map(FileChannel.MapMode.READ_WRITE, 0, SIZE);
            block.order(ByteOrder.LITTLE_ENDIAN);
            if (create) {
                INT.setVolatile(block, 0, MAGIC);
            }
            return new BitFlips(control, block);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot map the bit-flip control file " + control, e);
        }
    }

    /** The control file named by {@code FH_FLIP_CTL} in this process's environment. */
    public static BitFlips ofThisProcess() {
        String path = System.getenv(CONTROL_VARIABLE);
        if (path == null) {
            throw new IllegalStateException(CONTROL_VARIABLE + " is not set: start this process with the injector "
                    + "(BitFlips.library() in LD_PRELOAD)");
        }
        return map(Path.of(path), false);
    }

    /**
     * The injector library, built by the jni module's make into jni/target/flip. Searched upwards from the working
     * directory, so any module's tests find it.
     */
    public static Path library() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path lib = dir.resolve("jni/target/flip/libfhflip.so");
            if (Files.isRegularFile(lib)) {
                return lib;
            }
        }
        throw new IllegalStateException("libfhflip.so not found under jni/target/flip above " + Path.of("")
                .toAbsolutePath() + ": build the jni module first (mvn -pl jni install; its make builds the injector)");
    }

    public Path control() {
        return control;
    }

    /**
     * Arms one flip in the first receive that holds {@code pattern}, after {@code skip} earlier occurrences: bit
     * {@code bit} of the byte at {@code offset} from the pattern's first byte.
     *
     * @param family only sockets of this address family (0: any descriptor)
     */
    public void armPattern(byte[] pattern, int offset, int bit, long skip, int family) {
        if (pattern.length < 1 || pattern.length > 32) {
            throw new IllegalArgumentException("a pattern is 1..32 bytes");
        }
        prepare(1, offset, bit, skip, 0, 0, family);
        block.putInt(OFF_PATTERN_LEN, pattern.length);
        block.put(OFF_PATTERN, pattern);
        INT.setVolatile(block, OFF_ARMED, ARMED);
    }

    /** Arms one flip in a receive of {@code minLength}..{@code maxLength} bytes (0: no limit), at {@code offset}. */
    public void armSize(long minLength, long maxLength, int offset, int bit, long skip, int family) {
        prepare(2, offset, bit, skip, minLength, maxLength, family);
        INT.setVolatile(block, OFF_ARMED, ARMED);
    }

    private void prepare(int mode, int offset, int bit, long skip, long min, long max, int family) {
        if (!disarm()) {
            throw new IllegalStateException("the injector is still armed");
        }
        block.putInt(OFF_MODE, mode).putInt(OFF_OFFSET, offset).putInt(OFF_BIT, bit).putLong(OFF_MIN, min)
                .putLong(OFF_MAX, max).putLong(OFF_SKIP, skip).putInt(OFF_FAMILY, family);
    }

    /** Flips done since the file was created, by every process that maps it. */
    public long flips() {
        return (long) LONG.getVolatile(block, OFF_FLIPS);
    }

    /**
     * Takes back an arming that has not flipped yet. Waits while a receive holds the block, so that afterwards no
     * flip can happen. True when the injector is now off (flipped or disarmed).
     */
    public boolean disarm() {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (System.nanoTime() < deadline) {
            int state = (int) INT.getVolatile(block, OFF_ARMED);
            if (state == OFF || state == ARMED && INT.compareAndSet(block, OFF_ARMED, ARMED, OFF)) {
                return true;
            }
            Thread.onSpinWait();
        }
        return false;
    }

    /** Whether the last arming has flipped (the block is off and the flip count moved past {@code before}). */
    public boolean flippedSince(long before) {
        return flips() > before;
    }

    /** The last flip, in words: which call, how many bytes it returned, where the bit went, what was there. */
    public String lastFlip() {
        byte[] before = new byte[16];
        block.get(OFF_BEFORE, before);
        int call = block.getInt(OFF_LAST_CALL);
        return CALLS[call >= 0 && call < CALLS.length ? call : 0] + " of " + block.getLong(OFF_LAST_LEN)
                + " bytes, byte " + block.getLong(OFF_LAST_OFFSET) + " (pid " + block.getInt(OFF_PID) + ", bytes "
                + HexFormat.of().formatHex(before) + ")";
    }

    @Override
    public void close() {
        disarm();
    }
}
