package io.fabrichealth.agent.it;

import io.fabrichealth.cli.Home;
import io.fabrichealth.cli.fleet.FleetOnOneHost;
import io.fabrichealth.config.ConfigException;
import io.fabrichealth.config.ConfigLoader;
import io.fabrichealth.config.FabricHealthConfig;
import io.fabrichealth.testbed.Topologies;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The fleet every fleet IT shares, one per test class (start it in {@code @BeforeAll}, close it in
 * {@code @AfterAll}): 3 agents on a generated fat tree of 1,024 ports (16 leaves, 8 spines, 24 HCAs per leaf:
 * 384 HCAs, 24 switches, within ibsim's default limits), each at its own HCA, ports free on 127.0.0.1.
 */
final class FleetFixture {
    static final Home HOME = new Home(Path.of("..").toAbsolutePath().normalize());
    static final int AGENTS = 3;
    static final int LEAVES = 16;
    static final int SPINES = 8;
    static final int HCAS_PER_LEAF = 24;
    /** Link ends of that tree: two per cable. */
    static final int PORTS = 2 * LEAVES * (HCAS_PER_LEAF + SPINES);

    private FleetFixture() {
    }

    /** The standard fleet with the embedded default config (a sweep every 30 s). */
    static FleetOnOneHost start(Path work) throws IOException, ConfigException {
        return start(work, "");
    }

    /**
     * The standard fleet on top of {@code yaml}: a base config (faster schedules, say) whose ports are replaced by
     * free ones; agent i gets them plus i.
     */
    static FleetOnOneHost start(Path work, String yaml) throws IOException, ConfigException {
        FabricHealthConfig base = base(work, yaml);
        Path tree = Topologies.fatTree(LEAVES, SPINES, HCAS_PER_LEAF, work.resolve("topology"));
        return FleetOnOneHost.start(HOME, tree, AGENTS,
                FleetOnOneHost.freePorts(base, AGENTS), work.resolve("fleet"),
                line -> System.out.println("fleet: " + line));
    }

    /** The base config of the fleet (and of an agent started beside it for comparison). */
    static FabricHealthConfig base(Path work, String yaml) throws ConfigException {
        return ConfigLoader.parse("agent: {name: fleet}\n" + yaml, "fleet-base.yaml", work);
    }

    /** An HCA no agent is attached at, for tools such as perfquery (ibsim serves 10 clients). */
    static String spareHca(FleetOnOneHost fleet) throws IOException {
        return Topologies.nodeNames(fleet.topology()).stream().filter(n -> n.startsWith("H:")).map(n -> n.substring(2))
                .reduce((first, second) -> second).orElseThrow();
    }
}
