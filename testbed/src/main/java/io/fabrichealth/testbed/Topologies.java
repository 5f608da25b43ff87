package io.fabrichealth.testbed;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.zip.GZIPInputStream;

/** Topology files for ibsim: the bundled one, ibsim's examples, and generated fat trees. */
public final class Topologies {

    /** Classpath location of the bundled fabric (2 leaf switches, 4 HCAs, one redundant ISL, one 1x link). */
    public static final String BUNDLED_RESOURCE = "/io/fabrichealth/testbed/topologies/bundled.topo";

    /** Where Debian's ibsim-utils keeps its example fabrics. */
    public static final Path EXAMPLES = Path.of("/usr/share/doc/ibsim-utils/net-examples");

    private Topologies() {
    }

    /** The bundled topology, copied from the classpath to a file ibsim can read. */
    public static Path bundled() {
        try (InputStream in = Topologies.class.getResourceAsStream(BUNDLED_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(BUNDLED_RESOURCE + " is missing from the classpath; rebuild "
                        + "fabric-health-testbed (mvn -pl testbed install)");
            }
            return cache("bundled", in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("could not extract " + BUNDLED_RESOURCE + ": " + e.getMessage(), e);
        }
    }

    /** One of ibsim's example fabrics (e.g. {@code net.2sw2path4hca}), decompressed if Debian shipped it gzipped. */
    public static Path example(String name) {
        Path plain = EXAMPLES.resolve(name);
        if (Files.isReadable(plain)) {
            return plain;
        }
        Path gz = EXAMPLES.resolve(name + ".gz");
        if (!Files.isReadable(gz)) {
            throw new IllegalStateException("ibsim example " + name + " not found in " + EXAMPLES
                    + ": apt-get install ibsim-utils (and check the name with ls " + EXAMPLES + ")");
        }
        try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
            return cache("ibsim-" + name, in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("could not gunzip " + gz + ": " + e.getMessage(), e);
        }
    }

    /**
     * Writes a two-level fat tree into {@code dir}: every leaf has {@code hcasPerLeaf} HCAs and one cable to every
     * spine. Names: {@code spine01}, {@code leaf01}, {@code node01-01} (leaf 01, host 01).
     *
     * @return the file, {@code dir/fat-tree-<leaves>x<spines>x<hcas>.topo}
     */
    public static Path fatTree(int leafSwitches, int spines, int hcasPerLeaf, Path dir) {
        return FatTree.write(leafSwitches, spines, hcasPerLeaf, dir);
    }

    /**
     * Writes a three-tier fat tree into {@code dir}; see {@link ThreeTierFatTree} for its wiring and names. ibsim's
     * limits are raised for it by {@link Ibsim#start} (see {@link SimLimits}).
     */
    public static Path threeTierFatTree(ThreeTierFatTree tree, Path dir) {
        return tree.write(dir);
    }

    /**
     * The three-tier fat tree of the 10,000-port figures: 16 pods of 8 leaves (32 HCAs each) and 4 aggregation
     * switches, 4 groups of 8 core switches; 4,320 nodes (224 switches, 4,096 HCAs) and 10,240 connected ports.
     */
    public static final ThreeTierFatTree TEN_THOUSAND_PORTS = new ThreeTierFatTree(16, 8, 4, 8, 32);

    /**
     * Writes {@code content} once to a file named after its hash in a per-user temp folder: callers share it, a
     * killed JVM leaves nothing new behind, and an edited resource gets a new file.
     */
    private static Path cache(String base, byte[] content) throws IOException {
        Path dir = Path.of(System.getProperty("java.io.tmpdir"), "fabric-health-testbed-" + System.getProperty("user.name"));
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        }
        Path file = dir.resolve(base + "-" + sha256(content).substring(0, 12) + ".topo");
        if (!Files.exists(file)) {
            Path tmp = Files.createTempFile(dir, base, ".tmp");
            Files.write(tmp, content);
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        }
        return file;
    }

    private static String sha256(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks SHA-256", e);
        }
    }

    /** Node names of an ibnetdiscover-format file, in file order: {@code Switch 8 "leaf-a"} gives leaf-a. */
    public static java.util.List<String> nodeNames(Path topology) throws java.io.IOException {
        java.util.List<String> names = new java.util.ArrayList<>();
        java.util.regex.Pattern node = java.util.regex.Pattern.compile("^(Switch|Hca|Ca|Rt)\\s+\\d+\\s+\"([^\"]+)\"");
        for (String line : java.nio.file.Files.readAllLines(topology)) {
            java.util.regex.Matcher m = node.matcher(line);
            if (m.find()) {
                names.add((m.group(1).equals("Switch") ? "S:" : "H:") + m.group(2));
            }
        }
        return names;
    }

    /**
     * The node the agent attaches at: the configured one, which must exist (umad2sim exits the whole JVM on an
     * unknown SIM_HOST), or else the first HCA, as a host running the agent is an HCA.
     */
    public static String simHost(Path topology, String configured) throws java.io.IOException {
        java.util.List<String> names = nodeNames(topology);
        if (configured != null) {
            if (names.contains("H:" + configured) || names.contains("S:" + configured)) {
                return configured;
            }
            throw new IllegalArgumentException("simulation.simHost " + configured + " is not a node of " + topology
                    + "; pick one of " + names.stream().map(n -> n.substring(2)).toList());
        }
        return names.stream().filter(n -> n.startsWith("H:")).map(n -> n.substring(2)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(topology + " has no HCA for the agent to attach at;"
                        + " set simulation.simHost to a node name"));
    }
}
