package io.fabrichealth.agent.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A host where the fabric family cannot load: the agent still starts, and says which family is missing and why.
 * The family is hidden by giving the loader a native directory without libfhfabric.so. This host has no RDMA
 * hardware either, so the hardware mode's local port is reported missing, not crashed on.
 */
class MissingLibfabricIT {
    @TempDir
    Path work;

    @Test
    void theAgentStartsWithoutLibfabricAndTheAgentMBeanSaysWhy() throws Exception {
        Path natives = Files.createDirectories(work.resolve("natives"));
        try (JarFile jar = new JarFile(HostProcess.JNI.toFile())) {
            for (JarEntry e : java.util.Collections.list(jar.entries())) {
                String name = e.getName();
                if (name.startsWith("META-INF/native/linux-x86_64/") && name.endsWith(".so")
                        && !name.endsWith("/libfhfabric.so")) {
                    try (InputStream in = jar.getInputStream(e)) {
                        Files.copy(in, natives.resolve(name.substring(name.lastIndexOf('/') + 1)));
                    }
                }
            }
        }
        assertThat(natives.resolve("libfhumad.so")).exists();
        Path config = work.resolve("hw.yaml");
        Files.writeString(config, """
                fabric:
                  mode: hardware
                jmx:
                  enabled: false
                schedules: []
                """);
        try (HostProcess payara = HostProcess.start(work.resolve("payara"), config, Map.of(),
                List.of("-Dfabric.health.native.dir=" + natives))) {
            Jolokia.Answer a = new Jolokia(payara.httpPort).get("/read/fabric.health:type=Agent/NativeLibraries");
            assertThat(a.status()).as(a.body()).isEqualTo(200);
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> rows = (List<Map<String, Object>>) a.value();
            Map<String, Object> fabric = rows.stream().filter(r -> r.get("family").equals("fabric")).findFirst().orElseThrow();
            assertThat(fabric.get("available")).isEqualTo(false);
            assertThat((String) fabric.get("cause")).contains("libfhfabric.so");
            Map<String, Object> umad = rows.stream().filter(r -> r.get("family").equals("umad")).findFirst().orElseThrow();
            assertThat(umad.get("available")).as(umad.toString()).isEqualTo(true);
        }
    }
}
