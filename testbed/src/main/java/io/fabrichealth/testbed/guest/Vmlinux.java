package io.fabrichealth.testbed.guest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Unpacks a bzImage into its ELF vmlinux. QEMU boots the ELF directly through PVH, which skips the
 * decompressor: under TCG that would cost time on every boot instead of once.
 */
final class Vmlinux {

    // Debian builds its kernels with CONFIG_KERNEL_XZ; the payload starts with the xz stream magic.
    private static final byte[] XZ_MAGIC = {(byte) 0xfd, '7', 'z', 'X', 'Z', 0};
    private static final byte[] ELF_MAGIC = {0x7f, 'E', 'L', 'F'};

    private Vmlinux() {
    }

    /** Writes the ELF kernel inside {@code bzImage} to {@code out}. */
    static void unpack(Path bzImage, Path out) throws IOException {
        Path xz = HostTools.require("xz", "xz-utils");
        byte[] image = Files.readAllBytes(bzImage);
        Path stream = out.resolveSibling(out.getFileName() + ".xz");
        try {
            // The magic can also occur by chance; the first candidate that decompresses to an ELF wins.
            for (int at = indexOf(image, XZ_MAGIC, 0); at >= 0; at = indexOf(image, XZ_MAGIC, at + 1)) {
                Files.write(stream, Arrays.copyOfRange(image, at, image.length));
                try {
                    // --single-stream: the payload is followed by unrelated bytes, which must be ignored.
                    HostTools.exec(List.of(xz.toString(), "-dc", "--single-stream"), stream, out, null);
                } catch (GuestException notAStream) {
                    continue;
                }
                if (startsWith(out, ELF_MAGIC)) {
                    return;
                }
            }
        } finally {
            Files.deleteIfExists(stream);
        }
        Files.deleteIfExists(out);
        throw new GuestException("no xz stream in " + bzImage + " decompresses to an ELF kernel: "
                + "boot a Debian linux-image-amd64 kernel (CONFIG_KERNEL_XZ)");
    }

    private static boolean startsWith(Path file, byte[] magic) throws IOException {
        try (var in = Files.newInputStream(file)) {
            return Arrays.equals(in.readNBytes(magic.length), magic);
        }
    }

    static int indexOf(byte[] data, byte[] pattern, int from) {
        outer:
        for (int i = from; i <= data.length - pattern.length; i++) {
            for (int j = 0; j < pattern.length; j++) {
                if (data[i + j] != pattern[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
