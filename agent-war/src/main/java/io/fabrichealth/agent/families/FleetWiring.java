package io.fabrichealth.agent.families;

import com.hazelcast.core.HazelcastInstance;
import io.fabrichealth.alarms.AlarmBook;
import io.fabrichealth.config.FabricHealthConfig;
import io.fabrichealth.config.FleetConfig;
import io.fabrichealth.config.ProbeFamily;
import io.fabrichealth.config.ScheduleConfig;
import io.fabrichealth.fleet.grid.Card;
import io.fabrichealth.fleet.grid.Fleet;
import io.fabrichealth.fleet.grid.FleetParts;
import io.fabrichealth.fleet.grid.Seal;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.function.Consumer;
import java.util.logging.Logger;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/**
 * Joins the fleet through Payara Micro's own data grid (its HazelcastInstance, from JNDI), or explains why this
 * agent runs alone. Never fails the deployment: a fleet that cannot be joined leaves a working single agent.
 */
public final class FleetWiring {
    private static final Logger LOG = Logger.getLogger(FleetWiring.class.getName());
    /** Where Payara publishes its data grid's HazelcastInstance. */
    static final String JNDI_NAME = "payara/Hazelcast";

    private FleetWiring() {
    }

    /** The SMP sweep's period: its enabled schedule's {@code every}, or zero (a cron schedule, or none). */
    static Duration sweepPeriod(FabricHealthConfig cfg) {
        return cfg.schedules().stream().filter(s -> s.probe() == ProbeFamily.SMP_SWEEP && s.enabled() && s.every() != null)
                .map(ScheduleConfig::every).findFirst().orElse(Duration.ZERO);
    }

    /** @param problems receives why the agent runs alone, for the Agent MBean */
    public static FleetParts join(FabricHealthConfig cfg, AlarmBook book, Card card, Consumer<String> problems) {
        FleetConfig f = cfg.fleet();
        if (!f.enabled()) {
            return FleetParts.alone(Fleet.alone(card.name(), "fleet.enabled is false"));
        }
        String why;
        try {
            Object found = new InitialContext().lookup(JNDI_NAME);
            if (!(found instanceof HazelcastInstance grid) || !grid.getLifecycleService().isRunning()) {
                why = "Payara's data grid is not running (" + JNDI_NAME + " is " + (found == null ? "empty" : "stopped")
                        + "): start Payara Micro without --nohazelcast and with the grid flags, as ./fabric-health run does";
            } else if (!grid.getConfig().getClusterName().equals(f.name())) {
                why = "Payara's data grid is named '" + grid.getConfig().getClusterName() + "', the config says fleet.name '"
                        + f.name() + "': start Payara Micro with --clustername " + f.name();
            } else {
                Seal seal = f.secretFile() == null ? Seal.none() : Seal.of(f.secretFile());
                Fleet fleet = Fleet.join(grid, f, seal, card, book.sink(), Clock.systemUTC());
                if (!fleet.joined()) {
                    problems.accept("fleet: " + fleet.view().state());
                    return FleetParts.alone(fleet);
                }
                LOG.info("fabric-health: " + fleet.view().state());
                return FleetParts.joined(fleet, book, sweepPeriod(cfg));
            }
        } catch (NamingException | NoClassDefFoundError e) {
            why = "Payara's data grid cannot be reached (" + e + "): run the agent on Payara Micro with the data grid on";
        } catch (IOException e) {
            why = "fleet.secretFile cannot be used: " + e.getMessage();
        } catch (RuntimeException e) {
            why = "joining the data grid failed (" + e + "); check the grid flags and fleet.discovery";
        }
        problems.accept("fleet: this agent runs alone: " + why);
        LOG.warning("fabric-health: this agent runs alone: " + why);
        return FleetParts.alone(Fleet.alone(card.name(), why));
    }
}
