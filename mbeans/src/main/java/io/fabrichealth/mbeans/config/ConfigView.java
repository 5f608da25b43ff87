package io.fabrichealth.mbeans.config;

import io.fabrichealth.config.ConfigService;
import io.fabrichealth.config.ConfigService.ReloadResult;
import io.fabrichealth.config.FabricHealthConfig;

public final class ConfigView implements ConfigMXBean {
    private final ConfigService service;
    /** The YAML of the config it was rendered from: monitoring polls this often, and configs change rarely. */
    private volatile Rendered rendered;

    private record Rendered(FabricHealthConfig config, String yaml) {
    }

    public ConfigView(ConfigService service) {
        this.service = service;
    }

    @Override
    public String getSource() {
        return service.source();
    }

    @Override
    public String getEffectiveConfig() {
        FabricHealthConfig c = service.current().orElse(null);
        if (c == null) {
            return "";
        }
        Rendered r = rendered;
        if (r == null || r.config() != c) {
            r = new Rendered(c, c.toYaml());
            rendered = r;
        }
        return r.yaml();
    }

    @Override
    public boolean isValid() {
        return service.current().isPresent();
    }

    @Override
    public String getLastErrors() {
        return service.lastErrors();
    }

    @Override
    public String getLastReloadAt() {
        return service.lastReload().map(r -> r.at().toString()).orElse("");
    }

    @Override
    public String getLastReloadResult() {
        return service.lastReload().map(r -> r.accepted() ? "accepted" : "rejected").orElse("");
    }

    @Override
    public String reload() {
        ReloadResult result = service.reload();
        return result.message();
    }
}
