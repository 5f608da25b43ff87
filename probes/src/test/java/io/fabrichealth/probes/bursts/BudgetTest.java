package io.fabrichealth.probes.bursts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** One burst per peer, a cap per agent, and a burst at oneself holding one permit. */
class BudgetTest {

    @Test
    void aSecondBurstToTheSamePeerIsRefusedWhileTheFirstRuns() {
        BurstBudget budget = new BurstBudget(4);
        String[] why = new String[1];
        try (BurstBudget.Permit first = budget.initiate("b:7470", "me:1", why)) {
            assertThat(first).isNotNull();
            assertThat(budget.initiate("b:7470", "me:2", why)).isNull();
            assertThat(why[0]).contains("already running", "one burst per peer");
        }
        assertThat(budget.initiate("b:7470", "me:3", why)).isNotNull();
    }

    @Test
    void theAgentCapCountsTargetAndInitiatorButASelfBurstOnlyOnce() {
        BurstBudget budget = new BurstBudget(1);
        String[] why = new String[1];
        BurstBudget.Permit mine = budget.initiate("self:7470", "me:1", why);
        assertThat(budget.serve("self:7470", "me:1", why)).as("own burst shares the permit").isNotNull();
        assertThat(budget.serve("other:7470", "them:9", why)).isNull();
        assertThat(why[0]).contains("bursts.maxConcurrent = 1");
        mine.close();
        assertThat(budget.running()).isZero();
    }
}
