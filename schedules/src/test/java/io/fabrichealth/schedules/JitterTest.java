package io.fabrichealth.schedules;

import static org.assertj.core.api.Assertions.assertThat;

import java.text.ParseException;
import java.util.Date;
import java.util.LongSummaryStatistics;
import org.junit.jupiter.api.Test;
import org.quartz.CronExpression;

/** Jitter is checked on many computed fire times, not by waiting for them. */
class JitterTest {
    private static final int RUNS = 20_000;
    private static final long START = 1_700_000_000_000L;

    @Test
    void intervalRunsLandWithinTenPercentEitherSideOfAFixedGrid() {
        JitteredTrigger t = trigger(new Cadence.Every(30_000), 0.10, 42);
        LongSummaryStatistics offsets = new LongSummaryStatistics();
        long previousFire = Long.MIN_VALUE;
        for (int i = 0; i < RUNS; i++) {
            long fire = t.getNextFireTime().getTime();
            assertThat(t.slot()).as("the grid never drifts").isEqualTo(START + i * 30_000L);
            assertThat(fire).isGreaterThan(previousFire);
            offsets.accept(fire - t.slot());
            previousFire = fire;
            t.triggered(null);
        }
        assertThat(offsets.getMin()).isGreaterThanOrEqualTo(-3_000).isLessThan(-2_900);
        assertThat(offsets.getMax()).isLessThanOrEqualTo(3_000).isGreaterThan(2_900);
        // Uniform on ±3000 ms: the mean of 20k draws is within ~4 standard errors (21 ms each) of zero.
        assertThat(offsets.getAverage()).isBetween(-85.0, 85.0);
    }

    @Test
    void cronRunsLandOnlyAfterTheCronTimeByUpToTheJitterShareOfTheGap() throws ParseException {
        JitteredTrigger t = trigger(new Cadence.Cron(new CronExpression("0 0/5 * * * ?")), 0.20, 7);
        LongSummaryStatistics offsets = new LongSummaryStatistics();
        for (int i = 0; i < 5_000; i++) {
            long slot = t.slot();
            assertThat(slot % 300_000).as("slots are the cron times").isZero();
            offsets.accept(t.getNextFireTime().getTime() - slot);
            t.triggered(null);
        }
        assertThat(offsets.getMin()).isGreaterThanOrEqualTo(0).isLessThan(1_000);
        assertThat(offsets.getMax()).isLessThanOrEqualTo(60_000).isGreaterThan(59_000);
    }

    @Test
    void copiesOfATriggerAgreeOnEveryRunBecauseTheOffsetDependsOnlyOnSeedAndSlot() {
        JitteredTrigger a = trigger(new Cadence.Every(1_000), 0.5, 99);
        JitteredTrigger b = (JitteredTrigger) a.clone();
        JitteredTrigger other = trigger(new Cadence.Every(1_000), 0.5, 100);
        int differ = 0;
        for (int i = 0; i < 1_000; i++) {
            assertThat(b.getNextFireTime()).isEqualTo(a.getNextFireTime());
            differ += other.getNextFireTime().equals(a.getNextFireTime()) ? 0 : 1;
            a.triggered(null);
            b.triggered(null);
            other.triggered(null);
        }
        assertThat(differ).as("another seed (another agent) fires at other times").isGreaterThan(990);
    }

    @Test
    void zeroJitterFiresExactlyOnTheSlots() {
        JitteredTrigger t = trigger(new Cadence.Every(500), 0, 1);
        for (int i = 0; i < 100; i++) {
            assertThat(t.getNextFireTime().getTime()).isEqualTo(START + i * 500L);
            t.triggered(null);
        }
    }

    @Test
    void aMisfireSkipsToTheFirstSlotAfterNowAndCountsTheSkippedSlots() {
        long now = System.currentTimeMillis();
        JitteredTrigger t = new JitteredTrigger(new Cadence.Every(200), 0.1, 5);
        t.setStartTime(new Date(now - 1_000));
        t.computeFirstFireTime(null);

        assertThat(t.slotsDueBy(now)).isEqualTo(6); // slots at -1000, -800, ..., 0
        t.updateAfterMisfire(null);

        assertThat(t.slot()).isGreaterThan(now).isLessThanOrEqualTo(System.currentTimeMillis() + 200);
        assertThat(t.getNextFireTime().getTime()).isGreaterThanOrEqualTo(now);
        assertThat(t.slotsDueBy(now)).as("nothing due any more").isZero();
    }

    private static JitteredTrigger trigger(Cadence cadence, double fraction, long seed) {
        JitteredTrigger t = new JitteredTrigger(cadence, fraction, seed);
        t.setStartTime(new Date(START));
        t.computeFirstFireTime(null);
        return t;
    }
}
