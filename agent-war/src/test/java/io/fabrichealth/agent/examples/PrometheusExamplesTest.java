package io.fabrichealth.agent.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The shipped Prometheus examples pass Prometheus's own checker and their rule unit tests. */
class PrometheusExamplesTest {
    private static final Path DIR = Path.of("..", "examples", "prometheus").toAbsolutePath().normalize();

    @Test
    void theAlertRulesPassPromtoolCheck() throws Exception {
        assertThat(promtool("check", "rules", "fabric-health.rules.yml")).contains("SUCCESS: 6 rules found");
    }

    @Test
    void theAlertRulesPassTheirUnitTests() throws Exception {
        assertThat(promtool("test", "rules", "fabric-health.rules.test.yml")).contains("SUCCESS");
    }

    @Test
    void theScrapeConfigIsValid() throws Exception {
        assertThat(promtool("check", "config", "prometheus.yml")).contains("SUCCESS");
    }

    private static String promtool(String... args) throws IOException, InterruptedException {
        String[] cmd = new String[args.length + 1];
        cmd[0] = "promtool";
        System.arraycopy(args, 0, cmd, 1, args.length);
        Process p;
        try {
            p = new ProcessBuilder(cmd).directory(DIR.toFile()).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IllegalStateException("promtool not found: apt-get install prometheus", e);
        }
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("promtool finishes").isTrue();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }
}
