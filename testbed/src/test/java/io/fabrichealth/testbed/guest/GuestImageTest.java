package io.fabrichealth.testbed.guest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Building the guest image from the installed kernel, without booting it. */
class GuestImageTest {

    @Test
    void modulesLoadAfterTheirDependencies() throws IOException {
        HostKernel kernel = HostKernel.newest();
        List<String> order = ModuleDeps.read(kernel.modulesDir()).loadOrder(Initramfs.MODULES).stream()
                .map(ModuleDeps::name).toList();

        assertThat(order).containsSubsequence("virtio_ring", "virtio", "virtio_pci");
        assertThat(order).containsSubsequence("9pnet", "9pnet_virtio");
        assertThat(order).containsSubsequence("netfs", "fscache", "9p");
        assertThat(order).contains("overlay").doesNotHaveDuplicates();
    }

    @Test
    void preparingFromManyThreadsBuildsOneImageOnce(@TempDir Path cache) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<GuestImage>> images = pool.invokeAll(
                    java.util.Collections.nCopies(4, () -> Guest.prepare(cache)));
            GuestImage first = images.get(0).get();
            for (Future<GuestImage> image : images) {
                assertThat(image.get()).isEqualTo(first);
            }
            FileTime built = Files.getLastModifiedTime(first.initramfs());

            assertThat(Guest.prepare(cache)).isEqualTo(first);
            assertThat(Files.getLastModifiedTime(first.initramfs())).as("cached, not rebuilt").isEqualTo(built);
            assertThat(HostTools.hasInterpreter(first.vmlinux())).as("a static ELF kernel").isFalse();
            try (var files = Files.list(first.vmlinux().getParent())) {
                assertThat(files.map(p -> p.getFileName().toString()))
                        .as("no temporary files left").allMatch(n -> n.equals("vmlinux") || n.endsWith(".cpio")
                                || n.equals(".lock"));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void theInitramfsHoldsInitBusyboxModulesAndThePrelude(@TempDir Path tmp) throws IOException {
        GuestImage image = Guest.prepare(Guest.defaultCacheDir());
        Path listing = tmp.resolve("listing");

        // Cross-check with the cpio tool itself.
        HostTools.exec(List.of("cpio", "-it", "--quiet"), image.initramfs(), listing, null);

        assertThat(Files.readAllLines(listing)).contains("init", "bin/busybox", "lib/modules/modules.load",
                "lib/modules/9pnet_virtio.ko", "lib/modules/overlay.ko", "fh-guest/stage2.sh", "fh-guest/prelude.sh");
    }

    @Test
    void compressedModulesAreUnpackedForBusyboxInsmod(@TempDir Path tmp) throws IOException {
        HostKernel kernel = HostKernel.newest();
        Path plain = kernel.modulesDir().resolve(
                ModuleDeps.read(kernel.modulesDir()).loadOrder(List.of("overlay")).get(0));
        for (List<String> compressor : List.of(List.of("xz", "-c"), List.of("zstd", "-q", "-c"),
                List.of("gzip", "-c"))) {
            Path packed = tmp.resolve("overlay.ko." + switch (compressor.get(0)) {
                case "xz" -> "xz";
                case "zstd" -> "zst";
                default -> "gz";
            });
            HostTools.exec(compressor, plain, packed, null);
            Path out = tmp.resolve("out-" + compressor.get(0) + ".ko");

            ModuleFile.copyDecompressed(packed, out);

            assertThat(out).as(compressor.get(0)).hasSameBinaryContentAs(plain);
        }
    }

    @Test
    void onlyAStaticBusyboxCanBeTheGuestsInit() throws IOException {
        assertThat(HostTools.hasInterpreter(HostTools.staticBusybox())).isFalse();
        assertThat(HostTools.hasInterpreter(HostTools.require("ls", "coreutils"))).isTrue();
    }

    @Test
    void kernelVersionsCompareNumberByNumber() {
        assertThat(HostKernel.compareVersions("6.10.0-1-amd64", "6.9.0-9-amd64")).isPositive();
        assertThat(HostKernel.compareVersions("6.1.0-56-amd64", "6.1.0-9-amd64")).isPositive();
        assertThat(HostKernel.compareVersions("6.1.0-56-amd64", "6.1.0-56-amd64")).isZero();
    }
}
