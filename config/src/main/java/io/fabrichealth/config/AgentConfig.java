package io.fabrichealth.config;

import io.fabrichealth.config.bind.NotBlank;
import java.nio.file.Path;

/**
 * @param name how this agent names itself in MBeans and to peers; defaults to the host name
 * @param stateDir where alarms persist; creating it is the runtime's job
 */
public record AgentConfig(@NotBlank String name, Path stateDir) {

    public static final AgentConfig DEFAULTS = new AgentConfig(HostName.local(),
            Path.of(System.getProperty("user.home"), ".fabric-health", "state"));
}
