package io.fabrichealth.probes.mad;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One captured exchange from src/test/resources/.../mad/vectors (written by capture.sh there): the
 * command that ran against ibsim, libibmad's hex dumps of what it sent ("send buf": 64-byte ib_user_mad
 * header + 256-byte MAD) and received ("rcv buf": 256-byte MAD), and the tool's printed output.
 */
final class MadVector {

    static final int UMAD_HEADER = 64;
    private static final Pattern FIELD = Pattern.compile("^([A-Za-z0-9 ]+?):\\.+(.*)$");

    final String name;
    final String command;
    final List<byte[]> sent = new ArrayList<>();
    final List<byte[]> received = new ArrayList<>();
    final List<String> output = new ArrayList<>();
    final int exitStatus;

    private MadVector(String name, List<String> lines) {
        this.name = name;
        String section = "";
        String cmd = null;
        int exit = -1;
        ByteCollector current = null;
        for (String line : lines) {
            if (line.startsWith("## ")) {
                Matcher m = Pattern.compile("Exit status: (\\d+)").matcher(line);
                if (m.find()) {
                    exit = Integer.parseInt(m.group(1));
                }
                continue;
            }
            if (line.startsWith("--- ")) {
                section = line.substring(4);
                current = section.equals("send buf") || section.equals("rcv buf") ? new ByteCollector() : null;
                if (section.equals("send buf")) {
                    sent.add(null);
                } else if (section.equals("rcv buf")) {
                    received.add(null);
                }
                continue;
            }
            switch (section) {
                case "command" -> cmd = line;
                case "send buf" -> sent.set(sent.size() - 1, current.add(line));
                case "rcv buf" -> received.set(received.size() - 1, current.add(line));
                case "output" -> output.add(line);
                default -> throw new IllegalStateException(name + ": line outside a section: " + line);
            }
        }
        this.command = cmd;
        this.exitStatus = exit;
        sent.forEach(b -> check(b.length == UMAD_HEADER + Mad.SIZE, "send buf of 320 bytes"));
        received.forEach(b -> check(b.length == Mad.SIZE, "rcv buf of 256 bytes"));
        check(command != null && exitStatus >= 0, "a command and an exit status");
    }

    static Path folder() {
        try {
            return Path.of(MadVector.class.getResource("vectors").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static MadVector load(String name) {
        return load(folder().resolve(name + ".mad.txt"));
    }

    static MadVector load(Path file) {
        try {
            String fileName = file.getFileName().toString();
            return new MadVector(fileName.replace(".mad.txt", ""), Files.readAllLines(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<MadVector> all(Path folder) {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> f.toString().endsWith(".mad.txt")).sorted().map(MadVector::load).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The MAD part of the i-th send, without the ib_user_mad header. */
    byte[] sentMad(int i) {
        byte[] mad = new byte[Mad.SIZE];
        System.arraycopy(sent.get(i), UMAD_HEADER, mad, 0, Mad.SIZE);
        return mad;
    }

    /** The answer to the attribute the command asked for: the last MAD received. */
    byte[] lastReceived() {
        return received.get(received.size() - 1);
    }

    /** "Name:.....value" lines of the output, in order. */
    Map<String, String> fields() {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String line : output) {
            Matcher m = FIELD.matcher(line);
            if (m.matches()) {
                fields.put(m.group(1), m.group(2));
            }
        }
        return fields;
    }

    /** The tab-indented names smpquery prints under a mask field (CapMask, CapabilityMask2). */
    List<String> flagsUnder(String field) {
        List<String> flags = new ArrayList<>();
        boolean inside = false;
        for (String line : output) {
            if (line.startsWith("\t")) {
                if (inside) {
                    flags.add(line.trim());
                }
            } else {
                inside = line.startsWith(field + ":");
            }
        }
        return flags;
    }

    /** The command's words after the tool name and its options. */
    List<String> arguments() {
        return Stream.of(command.split(" ")).skip(1).filter(w -> !w.startsWith("-")).toList();
    }

    boolean directedRoute() {
        return command.contains(" -D ");
    }

    private void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException(name + ".mad.txt must hold " + what + "; recapture with capture.sh");
        }
    }

    private static final class ByteCollector {
        private final java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();

        byte[] add(String hexLine) {
            for (String word : hexLine.trim().split(" ")) {
                int v = Integer.parseInt(word, 16);
                bytes.write(v >>> 8);
                bytes.write(v & 0xFF);
            }
            return bytes.toByteArray();
        }
    }

    @Override
    public String toString() {
        return name + " (" + command + ")";
    }
}
