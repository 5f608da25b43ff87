package io.fabrichealth.testbed.guest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Boots the host's Debian kernel (which has RDS, rds_rdma and rdma_rxe, unlike the running one) under QEMU TCG
 * and runs a shell script in it as root. The guest sees the host's / read-only at the same paths, so host
 * tools, the JDK and freshly built jars run there unchanged.
 *
 * <pre>{@code
 * GuestImage image = Guest.prepare(Guest.defaultCacheDir());
 * GuestResult r = Guest.run(image, GuestSpec.of(". /fh-guest/prelude.sh; fh_rxe_setup && ibv_devinfo -d rxe0"));
 * }</pre>
 */
public final class Guest {

    private Guest() {
    }

    /** A cache shared by every module's tests, so the kernel is unpacked once per machine. */
    public static Path defaultCacheDir() {
        return Path.of(System.getProperty("user.home"), ".cache", "fabric-health", "guest");
    }

    /**
     * Unpacks vmlinux and builds the initramfs, each once per kernel version (and per script fingerprint),
     * under {@code cacheDir}. Safe to call from many threads and JVMs at once.
     */
    public static GuestImage prepare(Path cacheDir) {
        HostKernel kernel = HostKernel.newest();
        Path dir = cacheDir.toAbsolutePath().resolve(kernel.version());
        Path vmlinux = dir.resolve("vmlinux");
        Path initramfs = dir.resolve("initramfs-" + Initramfs.fingerprint() + ".cpio");
        synchronized (Guest.class) {
            try {
                Files.createDirectories(dir);
                try (FileChannel lockFile = FileChannel.open(dir.resolve(".lock"),
                        StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                     FileLock ignored = lockFile.lock()) {
                    if (!Files.exists(vmlinux)) {
                        progress("unpacking " + kernel.vmlinuz() + " into " + vmlinux);
                        Path tmp = dir.resolve("vmlinux.tmp");
                        Vmlinux.unpack(kernel.vmlinuz(), tmp);
                        Files.move(tmp, vmlinux, StandardCopyOption.ATOMIC_MOVE);
                    }
                    if (!Files.exists(initramfs)) {
                        progress("building " + initramfs);
                        Path tmp = dir.resolve("initramfs.tmp");
                        Initramfs.build(kernel, tmp);
                        Files.move(tmp, initramfs, StandardCopyOption.ATOMIC_MOVE);
                        removeOtherInitramfs(dir, initramfs);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot prepare the guest image in " + dir, e);
            }
        }
        return new GuestImage(kernel.version(), vmlinux, initramfs);
    }

    /**
     * Boots {@code image}, runs {@code spec.script()} and powers off. A script that outlives
     * {@code spec.timeout()} is killed and reported as {@link GuestResult#TIMED_OUT}.
     *
     * @throws GuestException when QEMU cannot start or the guest dies without an exit status (console tail inside)
     */
    public static GuestResult run(GuestImage image, GuestSpec spec) {
        try {
            return new GuestRun(image, spec).execute();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run the guest: " + e.getMessage(), e);
        }
    }

    /** Older builds (other script fingerprints) are stale; a QEMU still reading one keeps its open file. */
    private static void removeOtherInitramfs(Path dir, Path keep) throws IOException {
        try (DirectoryStream<Path> old = Files.newDirectoryStream(dir, "initramfs-*.cpio")) {
            for (Path p : old) {
                if (!p.equals(keep)) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    private static void progress(String what) {
        System.err.println("fabric-health guest: " + what);
    }
}
