package io.fabrichealth.mbeans.config;

import io.fabrichealth.config.ConfigService;
import io.fabrichealth.config.ConfigService.ReloadResult;

public final class ConfigView implements ConfigMXBean {
    private final ConfigService service;

    public ConfigView(ConfigService service) {
        this.service = service;
    }

    @Override
    public String getSource() {
        return service.source();
    }

    @Override
    public String getEffectiveConfig() {
        return service.current().map(c -> c.toYaml()).orElse("");
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
