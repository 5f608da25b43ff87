package io.fabrichealth.alarms;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.channels.FileChannel;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code <stateDir>/alarms.json}, written so that a crash at any moment leaves either the old file or the new one:
 * write a temporary file, fsync it, rename it over the old one, fsync the directory.
 */
final class AlarmStore {
    static final String FILE = "alarms.json";
    static final String TMP = FILE + ".tmp";

    private final Path dir;
    private final Clock clock;

    AlarmStore(Path dir, Clock clock) {
        this.dir = dir;
        this.clock = clock;
    }

    Path file() {
        return dir.resolve(FILE);
    }

    /** Never throws: a missing, truncated or garbage file gives no alarms and says so. */
    StoreLoad load() {
        List<String> notes = new ArrayList<>();
        Path tmp = dir.resolve(TMP);
        try {
            if (Files.deleteIfExists(tmp)) {
                notes.add("removed " + tmp + " left by an interrupted save");
            }
        } catch (IOException e) {
            notes.add("could not remove " + tmp + ": " + e);
        }
        String text;
        try {
            text = Files.readString(file(), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            notes.add("no saved alarms at " + file() + "; starting with none");
            return new StoreLoad(List.of(), Optional.empty(), String.join("; ", notes));
        } catch (IOException | RuntimeException e) {
            String problem = "cannot read saved alarms " + file() + " (" + e + "); started with no alarms. "
                    + "Check the permissions of agent.stateDir";
            return new StoreLoad(List.of(), Optional.of(problem), String.join("; ", notes));
        }
        try {
            List<String> skipped = new ArrayList<>();
            List<Alarm> alarms = AlarmJson.read(text, skipped);
            notes.add("loaded " + alarms.size() + " alarm(s) from " + file());
            Optional<String> problem = skipped.isEmpty() ? Optional.empty()
                    : Optional.of("skipped saved alarms this agent version does not know: " + skipped);
            return new StoreLoad(List.copyOf(alarms), problem, String.join("; ", notes));
        } catch (RuntimeException e) {
            Path kept = keepAside();
            String problem = "saved alarms " + file() + " are unreadable (" + e.getMessage()
                    + "); started with no alarms" + (kept == null ? "" : "; the file was kept as " + kept
                    + " for inspection");
            return new StoreLoad(List.of(), Optional.of(problem), String.join("; ", notes));
        }
    }

    /** @throws IOException when the state directory cannot be written; the previous file is then unchanged */
    void save(List<Alarm> alarms) throws IOException {
        Files.createDirectories(dir);
        Path tmp = dir.resolve(TMP);
        ByteBuffer bytes = ByteBuffer.wrap(AlarmJson.write(alarms, clock.instant()).getBytes(StandardCharsets.UTF_8));
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            while (bytes.hasRemaining()) {
                ch.write(bytes);
            }
            ch.force(true);
        }
        Files.move(tmp, file(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        // The rename lives in the directory: without this fsync a power loss can bring back the old file.
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        }
    }

    private Path keepAside() {
        Path kept = dir.resolve(FILE + ".bad-" + clock.millis());
        try {
            Files.move(file(), kept, StandardCopyOption.REPLACE_EXISTING);
            return kept;
        } catch (IOException e) {
            return null;
        }
    }
}
