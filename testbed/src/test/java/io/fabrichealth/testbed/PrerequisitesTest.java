package io.fabrichealth.testbed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PrerequisitesTest {

    @Test
    void the_test_bed_tools_are_installed_even_those_in_sbin() {
        Prerequisites.require("ibsim", "opensm", "smpquery", "perfquery", "ibnetdiscover", "iblinkinfo",
                "ibqueryerrors", "setpriv", "mkfifo");

        assertThat(Prerequisites.command("opensm")).isAbsolute().isExecutable();
        assertThat(Prerequisites.umad2sim()).isReadable().hasFileName("libumad2sim.so");
    }

    @Test
    void a_missing_tool_fails_with_what_to_do_next() {
        assertThatThrownBy(() -> Prerequisites.require("ibsim", "no-such-tool-fh"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("no-such-tool-fh not found on PATH; install the package that provides it");
    }
}
