package io.fabrichealth.testbed;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A three-tier fat tree as data centres build them: pods of leaf (edge) and aggregation switches, and core switches
 * above the pods.
 *
 * <p>In every pod each leaf has {@code hcasPerLeaf} HCAs on ports 1..H and one cable to each of the pod's
 * {@code aggsPerPod} aggregation switches on ports H+1..H+A. Aggregation switch {@code a} of every pod has one cable
 * to each core switch of core group {@code a} ({@code coresPerGroup} of them): ports 1..L go down to the pod's
 * leaves, ports L+1..L+C up. Core switch {@code c} of group {@code a} has port {@code p} to aggregation {@code a}
 * of pod {@code p}. So every HCA reaches every other through as many paths as there are core switches.
 *
 * <p>Names: {@code core01-02} (group, switch), {@code agg03-01} (pod, aggregation), {@code leaf03-02} (pod, leaf),
 * {@code node03-02-17} (pod, leaf, host).
 *
 * @param pods pods of the tree
 * @param leavesPerPod leaf switches per pod
 * @param aggsPerPod aggregation switches per pod (also the number of core groups)
 * @param coresPerGroup core switches per group
 * @param hcasPerLeaf HCAs per leaf
 */
public record ThreeTierFatTree(int pods, int leavesPerPod, int aggsPerPod, int coresPerGroup, int hcasPerLeaf) {

    public ThreeTierFatTree {
        if (pods < 1 || leavesPerPod < 1 || aggsPerPod < 1 || coresPerGroup < 1 || hcasPerLeaf < 1) {
            throw new IllegalArgumentException("a three-tier fat tree needs at least one of everything, got " + this);
        }
        int widest = Math.max(Math.max(hcasPerLeaf + aggsPerPod, leavesPerPod + coresPerGroup), pods);
        if (widest > FatTree.MAX_SWITCH_PORTS) {
            throw new IllegalArgumentException("a switch has at most " + FatTree.MAX_SWITCH_PORTS + " ports; " + this
                    + " needs " + widest + ": use more pods or switches and fewer ports each");
        }
    }

    public int leaves() {
        return pods * leavesPerPod;
    }

    public int aggregations() {
        return pods * aggsPerPod;
    }

    public int cores() {
        return aggsPerPod * coresPerGroup;
    }

    public int switches() {
        return leaves() + aggregations() + cores();
    }

    public int hcas() {
        return leaves() * hcasPerLeaf;
    }

    public int nodes() {
        return switches() + hcas();
    }

    /** Cables: HCA to leaf, leaf to aggregation, aggregation to core. */
    public int cables() {
        return hcas() + leaves() * aggsPerPod + aggregations() * coresPerGroup;
    }

    /** Connected ports (switch ports and HCA ports with a cable), two per cable: what ibnetdiscover lists. */
    public int connectedPorts() {
        return 2 * cables();
    }

    /** Every port ibsim allocates: each switch's ports plus its port 0, and each HCA's port. */
    public int simulatorPorts() {
        return leaves() * (hcasPerLeaf + aggsPerPod + 1) + aggregations() * (leavesPerPod + coresPerGroup + 1)
                + cores() * (pods + 1) + hcas();
    }

    /** Writes the tree as an ibnetdiscover-format topology into {@code dir} and returns the file. */
    public Path write(Path dir) {
        Path file = dir.resolve("fat-tree3-" + pods + "p" + leavesPerPod + "l" + aggsPerPod + "a" + coresPerGroup
                + "c" + hcasPerLeaf + "h.topo");
        try {
            Files.createDirectories(dir);
            try (Writer w = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
                w.write("# Three-tier fat tree " + this + ": " + nodes() + " nodes, " + connectedPorts()
                        + " connected ports; written by fabric-health's Topologies.threeTierFatTree.\n");
                w.write("width=31\nspeed=7\n\n");
                for (int g = 1; g <= aggsPerPod; g++) {
                    for (int c = 1; c <= coresPerGroup; c++) {
                        w.write("Switch " + pods + " \"" + core(g, c) + "\"\n");
                        for (int p = 1; p <= pods; p++) {
                            w.write("[" + p + "] \"" + agg(p, g) + "\"[" + (leavesPerPod + c) + "]\n");
                        }
                        w.write("\n");
                    }
                }
                for (int p = 1; p <= pods; p++) {
                    for (int a = 1; a <= aggsPerPod; a++) {
                        w.write("Switch " + (leavesPerPod + coresPerGroup) + " \"" + agg(p, a) + "\"\n");
                        for (int l = 1; l <= leavesPerPod; l++) {
                            w.write("[" + l + "] \"" + leaf(p, l) + "\"[" + (hcasPerLeaf + a) + "]\n");
                        }
                        for (int c = 1; c <= coresPerGroup; c++) {
                            w.write("[" + (leavesPerPod + c) + "] \"" + core(a, c) + "\"[" + p + "]\n");
                        }
                        w.write("\n");
                    }
                    for (int l = 1; l <= leavesPerPod; l++) {
                        w.write("Switch " + (hcasPerLeaf + aggsPerPod) + " \"" + leaf(p, l) + "\"\n");
                        for (int h = 1; h <= hcasPerLeaf; h++) {
                            w.write("[" + h + "] \"" + host(p, l, h) + "\"[1]\n");
                        }
                        for (int a = 1; a <= aggsPerPod; a++) {
                            w.write("[" + (hcasPerLeaf + a) + "] \"" + agg(p, a) + "\"[" + l + "]\n");
                        }
                        w.write("\n");
                    }
                }
                for (int p = 1; p <= pods; p++) {
                    for (int l = 1; l <= leavesPerPod; l++) {
                        for (int h = 1; h <= hcasPerLeaf; h++) {
                            w.write("Hca 1 \"" + host(p, l, h) + "\"\n[1] \"" + leaf(p, l) + "\"[" + h + "]\n\n");
                        }
                    }
                }
            }
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + file + ": " + e.getMessage(), e);
        }
    }

    public static String core(int group, int c) {
        return String.format("core%02d-%02d", group, c);
    }

    public static String agg(int pod, int a) {
        return String.format("agg%02d-%02d", pod, a);
    }

    public static String leaf(int pod, int l) {
        return String.format("leaf%02d-%02d", pod, l);
    }

    public static String host(int pod, int l, int h) {
        return String.format("node%02d-%02d-%02d", pod, l, h);
    }
}
