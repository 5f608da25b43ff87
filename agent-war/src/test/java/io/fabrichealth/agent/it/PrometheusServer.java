package io.fabrichealth.agent.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.jolokia.json.JSONArray;
import org.jolokia.json.JSONObject;
import org.jolokia.json.parser.JSONParser;

/** A real Prometheus (Debian's package) on a free loopback port, scraping the given targets every second. */
final class PrometheusServer implements AutoCloseable {
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final Process process;
    private final String api;

    private PrometheusServer(Process process, int port) {
        this.process = process;
        this.api = "http://127.0.0.1:" + port + "/api/v1/";
    }

    /** @param targets quoted host:port strings, as the YAML list wants them */
    static PrometheusServer start(Path dir, List<String> targets) throws IOException {
        return start(dir, targets, null);
    }

    /** @param rules an alert rules file to evaluate every second, or null */
    static PrometheusServer start(Path dir, List<String> targets, Path rules) throws IOException {
        Files.createDirectories(dir);
        int port = HostProcess.freePort();
        String ruleFiles = "";
        if (rules != null) {
            Files.copy(rules, dir.resolve(rules.getFileName()));
            ruleFiles = "  evaluation_interval: 1s\nrule_files: [" + rules.getFileName() + "]\n";
        }
        Files.writeString(dir.resolve("prometheus.yml"), """
                global:
                  scrape_interval: 1s
                %sscrape_configs:
                  - job_name: fabric-health
                    static_configs:
                      - targets: [%s]
                """.formatted(ruleFiles, String.join(", ", targets)));
        try {
            return new PrometheusServer(new ProcessBuilder("prometheus", "--config.file=" + dir.resolve("prometheus.yml"),
                    "--storage.tsdb.path=" + dir.resolve("data"), "--web.listen-address=127.0.0.1:" + port)
                    .redirectErrorStream(true).redirectOutput(dir.resolve("prometheus.log").toFile()).start(), port);
        } catch (IOException e) {
            throw new IllegalStateException("prometheus not found: apt-get install prometheus", e);
        }
    }

    /** Polls {@code api/v1/<path>} until the body satisfies {@code done}; returns it. */
    String await(String path, Predicate<String> done) {
        AtomicReference<String> body = new AtomicReference<>("");
        try {
            return Awaitility.await("Prometheus answers as expected at " + path).atMost(Duration.ofSeconds(180))
                    .pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(500)).until(() -> {
                        assertThat(process.isAlive()).as("prometheus is running; see prometheus.log").isTrue();
                        try {
                            body.set(http.send(HttpRequest.newBuilder(URI.create(api + path)).timeout(Duration.ofSeconds(10))
                                    .build(), HttpResponse.BodyHandlers.ofString()).body());
                        } catch (IOException e) {
                            body.set(e.toString()); // not up yet
                        }
                        return body.get();
                    }, done);
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("Prometheus never answered as expected at " + path + "; last answer: " + body.get(), e);
        }
    }

    /** The series of a {@code /series} answer as text without {@code label}, each with how many times it appears. */
    static Map<String, Integer> seriesWithout(String body, String label) throws Exception {
        JSONObject answer = new JSONParser().parse(body, JSONObject.class);
        Map<String, Integer> seen = new TreeMap<>();
        for (Object o : (JSONArray) answer.get("data")) {
            Map<String, Object> labels = new TreeMap<>((JSONObject) o);
            labels.remove(label);
            String name = (String) labels.remove("__name__");
            seen.merge(name + labels, 1, Integer::sum);
        }
        return seen;
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}
