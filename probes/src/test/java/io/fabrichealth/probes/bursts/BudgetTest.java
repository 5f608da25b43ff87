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

    @Test
    void aTargetServesOneInitiatorAtATimeAndHoldsItBetweenTheSetsOfItsSuite() {
        BurstBudget budget = new BurstBudget(4);
        String[] why = new String[1];
        BurstBudget.Permit a1 = budget.serve("a:7470", "agent-a:1", true, why);
        assertThat(a1).isNotNull();
        assertThat(budget.serve("c:7470", "agent-c:1", true, why)).as("another initiator while a's set runs").isNull();
        assertThat(why[0]).startsWith(BurstBudget.BUSY).contains("a:7470");
        a1.close();
        assertThat(budget.serve("c:7470", "agent-c:2", false, why)).as("a's suite has more sets: still held").isNull();
        BurstBudget.Permit a2 = budget.serve("a:7470", "agent-a:2", false, why);
        assertThat(a2).as("a's next set").isNotNull();
        a2.close();
        BurstBudget.Permit c = budget.serve("c:7470", "agent-c:3", false, why);
        assertThat(c).as("a's last set released the target").isNotNull();
        c.close();
        assertThat(budget.running()).isZero();
    }

    @Test
    void aBudgetRefusalIsNotBusy() {
        BurstBudget budget = new BurstBudget(1);
        String[] why = new String[1];
        try (BurstBudget.Permit mine = budget.initiate("b:7470", "me:1", why)) {
            assertThat(budget.serve("c:7470", "agent-c:1", false, why)).isNull();
            assertThat(why[0]).doesNotStartWith(BurstBudget.BUSY).contains("bursts.maxConcurrent = 1");
        }
    }
}
