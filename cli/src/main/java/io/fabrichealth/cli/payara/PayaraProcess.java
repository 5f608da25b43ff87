package io.fabrichealth.cli.payara;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Payara Micro running the agent WAR in its own JVM, with the jni jar on the server classpath (--addlibs) so that
 * the natives survive a redeploy. Used by {@code ./fabric-health run} and by the end-to-end tests.
 */
public final class PayaraProcess implements AutoCloseable {
    private static final Path SETPRIV = Path.of("/usr/bin/setpriv");
    private static final ExecutorService FORKER = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "payara-fork");
        t.setDaemon(true);
        return t;
    });

    private final Process process;
    private final Path log;
    private final String baseUrl;

    private PayaraProcess(Process process, Path log, String baseUrl) {
        this.process = process;
        this.log = log;
        this.baseUrl = baseUrl;
    }

    /**
     * What to start; {@code configFile} null means the agent uses its embedded default. {@code gridArgs} are
     * Payara Micro's data grid flags ({@link GridFlags#payara}); their JVM flags belong in {@code jvmArgs}.
     */
    public record Spec(Path payaraJar, Path war, Path jniJar, String bind, int port, Path configFile,
                       Map<String, String> env, Path workDir, List<String> jvmArgs, List<String> gridArgs) {

        /** A single agent: no data grid. */
        public Spec(Path payaraJar, Path war, Path jniJar, String bind, int port, Path configFile,
                    Map<String, String> env, Path workDir, List<String> jvmArgs) {
            this(payaraJar, war, jniJar, bind, port, configFile, env, workDir, jvmArgs, GridFlags.OFF);
        }
    }

    /**
     * The agent runs on every host beside the jobs, so its heap starts small, grows only as far as what it holds
     * needs, and is given back after a full collection. The young generation is fixed at 64 MiB: large enough that
     * what a bulk read allocates dies young (at 16 MiB reads promoted their garbage, and full collections put the p99
     * of a 1,000-port read at 180 ms instead of 80). With the JVM's defaults (an initial heap of 1/64 of RAM, a third
     * of it young) every page of a 384 MiB heap was touched within minutes: at 10,000 ports the agent held 278 MiB
     * more than bare Payara, and 153 and 167 MiB in two runs with these (README, "Memory at 10,000 ports").
     * Survivor spaces of 8 MiB that may fill to 90% hold what a read has in hand when a collection comes: with the
     * JVM's 6.4 MiB at 50% they overflowed, the rest was promoted, and a full collection of about 190 ms came every
     * 180 to 250 reads of 1,000 ports; now about every 1,400 (README, "Reads at 1,000 ports"). A jvmArgs flag of
     * the Spec given later overrides these.
     */
    public static final List<String> HEAP = List.of("-Xms96m", "-Xmn64m", "-XX:SurvivorRatio=6",
            "-XX:TargetSurvivorRatio=90", "-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=20");

    public static PayaraProcess start(Spec spec) throws IOException {
        for (Path p : List.of(spec.payaraJar(), spec.war(), spec.jniJar())) {
            if (!Files.isRegularFile(p)) {
                throw new IOException(p + " is missing: build first (./fabric-health run builds it)");
            }
        }
        Files.createDirectories(spec.workDir());
        Path preboot = spec.workDir().resolve("preboot.asadmin");
        // Payara Micro has no flag for the HTTP bind address; these asadmin lines set it before the listener opens,
        // and turn off HTTP/2: over h2c, Grizzly credits a connection's flow-control window with more than it
        // received, and after about 2 GiB of request bodies (15,000 bulk reads of 1,024 ports) the client's window
        // overflows and it drops the connection with a protocol error. Pollers speak HTTP/1.1 anyway.
        Files.writeString(preboot, "set configs.config.server-config.network-config.network-listeners."
                + "network-listener.http-listener.address=" + spec.bind() + "\n"
                + "set configs.config.server-config.network-config.protocols.protocol.http-listener.http."
                + "http2-enabled=false\n");
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-XX:+UseSerialGC");
        cmd.addAll(HEAP);
        if (spec.configFile() != null) {
            cmd.add("-Dfabric.health.config=" + spec.configFile().toAbsolutePath());
        }
        cmd.addAll(spec.jvmArgs());
        cmd.addAll(List.of("-jar", spec.payaraJar().toString(),
                "--deploy", spec.war().toString(), "--contextroot", "/",
                "--addlibs", spec.jniJar().toString(),
                "--port", Integer.toString(spec.port())));
        cmd.addAll(spec.gridArgs());
        cmd.addAll(List.of("--disablephonehome",
                "--rootdir", spec.workDir().resolve("payara-root").toString(),
                "--prebootcommandfile", preboot.toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(spec.workDir().toFile());
        pb.environment().putAll(spec.env());
        pb.environment().put("LD_PRELOAD", withJsig(spec.env().get("LD_PRELOAD")));
        Path log = spec.workDir().resolve("payara.log");
        pb.redirectErrorStream(true).redirectOutput(log.toFile());
        Process p = fork(pb);
        String host = spec.bind().contains(":") ? "[" + spec.bind() + "]" : spec.bind();
        return new PayaraProcess(p, log, "http://" + host + ":" + spec.port());
    }

    /**
     * Starts Payara under {@code setpriv --pdeathsig KILL} (it execs, so the PID stays Payara's): a launcher or test
     * JVM killed by SIGKILL takes its agents with it. The signal fires when the forking <em>thread</em> ends, so
     * every Payara is forked from one thread that lives as long as the JVM.
     */
    private static Process fork(ProcessBuilder pb) throws IOException {
        if (Files.isExecutable(SETPRIV)) {
            List<String> cmd = new ArrayList<>(List.of(SETPRIV.toString(), "--pdeathsig", "KILL", "--"));
            cmd.addAll(pb.command());
            pb.command(cmd);
        }
        try {
            return FORKER.submit(pb::start).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while starting Payara Micro", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        }
    }

    /**
     * libjsig first: libfabric's PSM constructor installs its own SIGSEGV/SIGBUS handlers, and the JVM relies on
     * SIGSEGV for implicit null checks. libjsig chains the handlers so a load of libfabric cannot kill the JVM.
     */
    public static String withJsig(String preload) {
        String jsig = Path.of(System.getProperty("java.home"), "lib", "libjsig.so").toString();
        return preload == null || preload.isBlank() ? jsig : jsig + ":" + preload;
    }

    public String baseUrl() {
        return baseUrl;
    }

    public long pid() {
        return process.pid();
    }

    public Path log() {
        return log;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /**
     * How long Jolokia may stay missing after Payara says it is ready: then the agent failed to deploy (seen once:
     * Payara's security subsystem failing at boot), and waiting the whole timeout would only hide it.
     */
    static final Duration DEPLOY_GRACE = Duration.ofSeconds(20);

    /** Thrown when Payara booted but the agent's WAR is not being served: a fresh start usually cures it. */
    public static final class NotDeployedException extends IOException {
        NotDeployedException(String message) {
            super(message);
        }
    }

    /** Waits until Jolokia answers {@code /jolokia/version}; prints a dot every few seconds when {@code progress}. */
    public void awaitJolokia(Duration timeout, boolean progress) throws IOException {
        HttpClient http = client();
        HttpRequest req = HttpRequest.newBuilder(URI.create(baseUrl + "/jolokia/version"))
                .timeout(Duration.ofSeconds(5)).build();
        long deadline = System.nanoTime() + timeout.toNanos();
        int ticks = 0;
        String last = "no answer yet";
        long readyAt = 0;
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("Payara Micro exited with " + process.exitValue() + "; its log ends:\n" + tail(40));
            }
            if (readyAt == 0 && logSays(" ready in ")) {
                readyAt = System.nanoTime();
            } else if (readyAt != 0 && System.nanoTime() - readyAt > DEPLOY_GRACE.toNanos()) {
                throw new NotDeployedException("Payara Micro started but the agent is not served at " + baseUrl
                        + "/jolokia (last: " + last + "); Payara's log ends:\n" + tail(40));
            }
            try {
                int status = ask(http, req);
                if (status == 200) {
                    return;
                }
                last = "HTTP " + status;
            } catch (IOException e) {
                last = e.toString(); // not listening yet, or too busy to answer within the request's timeout
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for Payara Micro", e);
            }
            if (progress && ++ticks % 6 == 0) {
                System.err.print(".");
            }
            sleep(500);
        }
        throw new IOException("Jolokia did not answer at " + baseUrl + "/jolokia within " + timeout.toSeconds()
                + " s (last: " + last + "); Payara's log ends:\n" + tail(40));
    }

    private boolean logSays(String text) {
        try {
            return Files.readString(log).contains(text);
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * HTTP/1.1 only: the JDK's default first tries an h2c upgrade, and against a Payara still deploying we saw
     * {@code send} hang for minutes despite the request's timeout. The outer {@code get} bounds every attempt.
     */
    private static HttpClient client() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(2))
                .build();
    }

    private static int ask(HttpClient http, HttpRequest req) throws IOException, InterruptedException {
        CompletableFuture<HttpResponse<Void>> answer = http.sendAsync(req, HttpResponse.BodyHandlers.discarding());
        try {
            return answer.get(10, TimeUnit.SECONDS).statusCode();
        } catch (TimeoutException e) {
            answer.cancel(true);
            throw new IOException("no answer within 10 s", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        }
    }

    /** For a bare Payara (no agent, so no Jolokia): waits for HTTP to answer at all. */
    public void awaitJolokiaOrRoot(Duration timeout, boolean bare) throws IOException {
        if (!bare) {
            awaitJolokia(timeout, false);
            return;
        }
        HttpClient http = client();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline && process.isAlive()) {
            try {
                ask(http, HttpRequest.newBuilder(URI.create(baseUrl + "/")).timeout(Duration.ofSeconds(5)).build());
                return;
            } catch (IOException e) {
                sleep(500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted", e);
            }
        }
        throw new IOException("Payara Micro did not answer at " + baseUrl + ": " + tail(30));
    }

    public String tail(int lines) {
        try {
            List<String> all = Files.readAllLines(log);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    /** SIGKILL now, as {@code kill -9} does (a crash, for tests); waits until the process is gone. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException("pid " + process.pid() + " survived SIGKILL for 30 s");
        }
    }

    /** SIGTERM, then SIGKILL after 30 s; only our own process. */
    @Override
    public void close() {
        if (!process.isAlive()) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
