package io.fabrichealth.testbed;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Generates a two-level fat tree within ibsim's default limits.
 *
 * <p>Leaf ports 1..H go to the HCAs and ports H+1..H+S to the spines; spine port L goes to leaf L.
 */
final class FatTree {

    /** ibsim's defaults (see its startup banner); beyond them it needs -N/-S/-P flags. */
    static final int MAX_NODES = 2048;
    static final int MAX_SWITCHES = 256;
    static final int MAX_PORTS = 13312;
    /** A switch has at most 254 external ports (PortInfo's port number is 8 bits, port 0 is the switch itself). */
    static final int MAX_SWITCH_PORTS = 254;

    private FatTree() {
    }

    static Path write(int leaves, int spines, int hcasPerLeaf, Path dir) {
        validate(leaves, spines, hcasPerLeaf);
        Path file = dir.resolve("fat-tree-" + leaves + "x" + spines + "x" + hcasPerLeaf + ".topo");
        try {
            Files.createDirectories(dir);
            try (Writer w = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
                w.write("# Fat tree: " + leaves + " leaves x " + spines + " spines, " + hcasPerLeaf
                        + " HCAs per leaf; written by fabric-health's Topologies.fatTree.\n");
                w.write("width=31\nspeed=7\n\n");
                for (int s = 1; s <= spines; s++) {
                    w.write("Switch " + leaves + " \"" + spine(s) + "\"\n");
                    for (int l = 1; l <= leaves; l++) {
                        w.write("[" + l + "] \"" + leaf(l) + "\"[" + (hcasPerLeaf + s) + "]\n");
                    }
                    w.write("\n");
                }
                for (int l = 1; l <= leaves; l++) {
                    w.write("Switch " + (hcasPerLeaf + spines) + " \"" + leaf(l) + "\"\n");
                    for (int h = 1; h <= hcasPerLeaf; h++) {
                        w.write("[" + h + "] \"" + host(l, h) + "\"[1]\n");
                    }
                    for (int s = 1; s <= spines; s++) {
                        w.write("[" + (hcasPerLeaf + s) + "] \"" + spine(s) + "\"[" + l + "]\n");
                    }
                    w.write("\n");
                }
                for (int l = 1; l <= leaves; l++) {
                    for (int h = 1; h <= hcasPerLeaf; h++) {
                        w.write("Hca 1 \"" + host(l, h) + "\"\n[1] \"" + leaf(l) + "\"[" + h + "]\n\n");
                    }
                }
            }
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + file + ": " + e.getMessage(), e);
        }
    }

    /** Number of link ends (connected ports) of such a tree: two per cable. */
    static int connectedPorts(int leaves, int spines, int hcasPerLeaf) {
        return 2 * leaves * (hcasPerLeaf + spines);
    }

    static String spine(int s) {
        return String.format("spine%02d", s);
    }

    static String leaf(int l) {
        return String.format("leaf%02d", l);
    }

    static String host(int l, int h) {
        return String.format("node%02d-%02d", l, h);
    }

    private static void validate(int leaves, int spines, int hcasPerLeaf) {
        if (leaves < 1 || spines < 1 || hcasPerLeaf < 1) {
            throw new IllegalArgumentException("a fat tree needs at least 1 leaf, 1 spine and 1 HCA per leaf, got "
                    + leaves + "x" + spines + "x" + hcasPerLeaf);
        }
        if (hcasPerLeaf + spines > MAX_SWITCH_PORTS || leaves > MAX_SWITCH_PORTS) {
            throw new IllegalArgumentException("a switch has at most " + MAX_SWITCH_PORTS + " ports: leaves need "
                    + (hcasPerLeaf + spines) + ", spines need " + leaves);
        }
        int switches = leaves + spines;
        int hcas = leaves * hcasPerLeaf;
        // ibsim counts every switch port plus port 0, and every HCA port.
        int ports = spines * (leaves + 1) + leaves * (hcasPerLeaf + spines + 1) + hcas;
        if (switches > MAX_SWITCHES || switches + hcas > MAX_NODES || ports > MAX_PORTS) {
            throw new IllegalArgumentException("fat tree " + leaves + "x" + spines + "x" + hcasPerLeaf + " has "
                    + switches + " switches, " + (switches + hcas) + " nodes and " + ports + " ports; ibsim's "
                    + "defaults allow " + MAX_SWITCHES + ", " + MAX_NODES + " and " + MAX_PORTS + ": make it smaller");
        }
    }
}
