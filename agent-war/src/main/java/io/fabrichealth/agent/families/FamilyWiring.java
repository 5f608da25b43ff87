package io.fabrichealth.agent.families;

import io.fabrichealth.config.FabricHealthConfig;
import java.util.List;
import java.util.function.Consumer;

/**
 * How one probe family joins the agent: it starts what the family serves on this host (a target, a responder),
 * its MBeans, and puts its probe in the catalog, or tells the catalog why the family cannot run here. Adding a
 * family is one class and one entry in {@link #ALL}.
 */
public interface FamilyWiring {
    /** Every family, in start order: SMP first, since the bursts and ping-pongs take its path watch when they start. */
    List<FamilyWiring> ALL = List.of(new SmpWiring(), new BurstsWiring(), new PingPongWiring(),
            new LocalWiring());

    /** What a family that did not start does with a reloaded config. */
    Consumer<FabricHealthConfig> NOT_STARTED = next -> { };

    /** Wires the family; returns how a reloaded config reaches it (a no-op when it did not start). */
    Consumer<FabricHealthConfig> wire(Wiring w);
}
