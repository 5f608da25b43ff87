package io.fabrichealth.testbed;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Writes a private opensm config: the template from {@code opensm -c}, with every file opensm writes moved into our
 * folder and {@code force_log_flush TRUE} (without it "SUBNET UP" reaches the log only when opensm exits).
 */
final class OpenSmConfig {

    private OpenSmConfig() {
    }

    static Path write(Path dir) throws IOException {
        Path conf = dir.resolve("opensm.conf");
        ProcessBuilder pb = new ProcessBuilder(Prerequisites.command("opensm").toString(), "-c", conf.toString())
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("opensm-template.out").toFile());
        // No umad2sim here: writing the template needs no fabric.
        pb.environment().remove("LD_PRELOAD");
        pb.environment().put("OSM_TMP_DIR", dir.toString());
        pb.environment().put("OSM_CACHE_DIR", dir.toString());
        Process p = pb.start();
        try {
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("opensm -c " + conf + " did not finish in 10 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            throw new IOException("interrupted while writing " + conf, e);
        }
        if (p.exitValue() != 0 || !Files.exists(conf)) {
            throw new IOException("opensm -c " + conf + " failed (status " + p.exitValue() + "): "
                    + WorkFiles.tail(dir.resolve("opensm-template.out"), 10));
        }
        patch(conf, Map.of(
                "force_log_flush", "TRUE",
                "log_file", dir.resolve("opensm.log").toString(),
                "dump_files_dir", dir.toString()));
        return conf;
    }

    /** Replaces the value of each {@code key value} line; fails if the template lacks a key (opensm changed). */
    static void patch(Path conf, Map<String, String> values) throws IOException {
        List<String> out = new ArrayList<>();
        List<String> missing = new ArrayList<>(values.keySet());
        for (String line : Files.readAllLines(conf, StandardCharsets.UTF_8)) {
            String key = line.split("\\s+", 2)[0];
            if (values.containsKey(key)) {
                out.add(key + " " + values.get(key));
                missing.remove(key);
            } else {
                out.add(line);
            }
        }
        if (!missing.isEmpty()) {
            throw new IOException("opensm's config template " + conf + " has no " + missing
                    + "; this opensm version is not supported, install opensm 3.3.x");
        }
        Files.write(conf, out, StandardCharsets.UTF_8);
    }
}
