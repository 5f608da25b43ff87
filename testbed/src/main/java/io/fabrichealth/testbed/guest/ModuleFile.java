package io.fabrichealth.testbed.guest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Copies a kernel module, decompressing it: busybox insmod loads only plain .ko files. */
final class ModuleFile {

    private ModuleFile() {
    }

    static void copyDecompressed(Path module, Path out) throws IOException {
        String name = module.getFileName().toString();
        if (name.endsWith(".ko")) {
            Files.copy(module, out);
        } else if (name.endsWith(".ko.xz")) {
            HostTools.exec(List.of(HostTools.require("xz", "xz-utils").toString(), "-dc"), module, out, null);
        } else if (name.endsWith(".ko.zst")) {
            HostTools.exec(List.of(HostTools.require("zstd", "zstd").toString(), "-dc"), module, out, null);
        } else if (name.endsWith(".ko.gz")) {
            HostTools.exec(List.of(HostTools.require("gzip", "gzip").toString(), "-dc"), module, out, null);
        } else {
            throw new GuestException("unknown module compression: " + module);
        }
    }
}
