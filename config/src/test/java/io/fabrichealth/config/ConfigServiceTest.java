package io.fabrichealth.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A reload with a typo keeps the running config and says why; a good reload reaches the listeners. */
class ConfigServiceTest {
    @TempDir
    Path dir;

    @Test
    void aBadReloadKeepsTheLastGoodConfigAndAGoodOneNotifiesListeners() {
        ConfigFiles files = new ConfigFiles(dir);
        Path file = files.write("fabric-health.yaml", "smp: {window: 8}\n");
        ConfigService service = new ConfigService(file);
        List<FabricHealthConfig> heard = new ArrayList<>();
        service.onChange(heard::add);
        assertThat(service.current()).hasValueSatisfying(c -> assertThat(c.smp().window()).isEqualTo(8));

        files.write("fabric-health.yaml", "smp: {window: 800}\n");
        ConfigService.ReloadResult rejected = service.reload();
        assertThat(rejected.accepted()).isFalse();
        assertThat(rejected.message()).contains(file + ":1:15: smp.window: expected an integer from 1 to 128");
        assertThat(service.current().orElseThrow().smp().window()).isEqualTo(8);
        assertThat(heard).isEmpty();

        files.write("fabric-health.yaml", "smp: {window: 16}\n");
        assertThat(service.reload().accepted()).isTrue();
        assertThat(service.lastErrors()).isEmpty();
        assertThat(heard).singleElement().satisfies(c -> assertThat(c.smp().window()).isEqualTo(16));
    }

    @Test
    void anInvalidFileAtStartLeavesNoConfigButTheErrors() {
        Path file = new ConfigFiles(dir).write("fabric-health.yaml", "smp: {timeout: -5s}\n");
        ConfigService service = new ConfigService(file);
        assertThat(service.current()).isEmpty();
        assertThat(service.lastErrors()).contains("smp.timeout: expected a positive duration");
        assertThat(new ConfigService(null).current()).contains(ConfigLoader.loadDefault());
    }
}
