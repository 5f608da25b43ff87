package io.fabrichealth.testbed.guest;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The guest's initramfs: a static busybox, the modules that reach the host's / over virtio 9p, the stage 1
 * init and the /fh-guest files (stage 2 and the prelude). Everything else comes from the host at boot.
 */
final class Initramfs {

    /** What stage 1 needs before the host's / (and its modprobe) is reachable. */
    static final List<String> MODULES = List.of("virtio_pci", "9pnet_virtio", "9p", "overlay");
    static final List<String> GUEST_FILES = List.of("stage2.sh", "prelude.sh");

    private Initramfs() {
    }

    /** Changes whenever the scripts or module list change, so a cached initramfs is never stale. */
    static String fingerprint() {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(String.join(",", MODULES).getBytes(StandardCharsets.UTF_8));
            for (String name : Stream.concat(Stream.of("init.sh"), GUEST_FILES.stream()).toList()) {
                sha.update(resource(name));
            }
            return HexFormat.of().formatHex(sha.digest()).substring(0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** Builds the initramfs for {@code kernel} into {@code out} (newc cpio, uncompressed). */
    static void build(HostKernel kernel, Path out) throws IOException {
        Path busybox = HostTools.staticBusybox();
        Path cpio = HostTools.require("cpio", "cpio");
        try (ScratchDir scratch = ScratchDir.create(out.getParent(), "initramfs-")) {
            Path stage = scratch.path();
            Files.createDirectories(stage.resolve("bin"));
            Files.copy(busybox, stage.resolve("bin/busybox"));
            Path modules = Files.createDirectories(stage.resolve("lib/modules"));
            StringBuilder load = new StringBuilder();
            for (String path : ModuleDeps.read(kernel.modulesDir()).loadOrder(MODULES)) {
                String file = ModuleDeps.name(path) + ".ko";
                ModuleFile.copyDecompressed(kernel.modulesDir().resolve(path), modules.resolve(file));
                load.append(file).append('\n');
            }
            Files.writeString(modules.resolve("modules.load"), load);
            Files.write(stage.resolve("init"), resource("init.sh"));
            Files.setPosixFilePermissions(stage.resolve("init"), PosixFilePermissions.fromString("rwxr-xr-x"));
            Path guestFiles = Files.createDirectories(stage.resolve("fh-guest"));
            for (String name : GUEST_FILES) {
                Files.write(guestFiles.resolve(name), resource(name));
            }

            // cpio reads the file list on stdin; the list lives outside the tree it describes.
            Path list = out.resolveSibling(stage.getFileName() + ".list");
            try (Stream<Path> walk = Files.walk(stage)) {
                Files.writeString(list, walk.filter(p -> !p.equals(stage))
                        .map(p -> stage.relativize(p).toString())
                        .sorted()
                        .collect(Collectors.joining("\n", "", "\n")));
            }
            try {
                HostTools.exec(List.of(cpio.toString(), "-o", "-H", "newc", "-R", "0:0", "--quiet"), list, out, stage);
            } finally {
                Files.deleteIfExists(list);
            }
        }
    }

    static byte[] resource(String name) {
        try (InputStream in = Initramfs.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("resource " + name + " missing next to " + Initramfs.class.getName());
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
