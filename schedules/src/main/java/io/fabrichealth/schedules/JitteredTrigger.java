package io.fabrichealth.schedules;

import java.util.Date;
import java.util.SplittableRandom;
import org.quartz.Calendar;
import org.quartz.ScheduleBuilder;
import org.quartz.impl.triggers.AbstractTrigger;

/**
 * A Quartz trigger whose every run lands at a random point near its slot (see {@link Cadence#offset}).
 *
 * <p>The offset of a slot is a pure function of the trigger's seed and the slot: Quartz calls
 * {@code triggered} on two copies of a trigger (the store's and the scheduler's), and both must agree.
 *
 * <p>Misfire policy "do nothing": a run that could not start within the misfire threshold is skipped and the
 * trigger moves to the first slot after now; runs never pile up. Quartz calendars are not used by this agent
 * and are ignored here; so is an end time.
 */
public final class JitteredTrigger extends AbstractTrigger<JitteredTrigger> {
    /** Same value and meaning as {@code CronTrigger.MISFIRE_INSTRUCTION_DO_NOTHING}. */
    public static final int MISFIRE_INSTRUCTION_DO_NOTHING = 2;
    private static final long serialVersionUID = 1L;
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private final Cadence cadence;
    private final double fraction;
    private final long seed;
    private Date startTime = new Date();
    private Date endTime;
    private long slot = Long.MIN_VALUE;
    private Date nextFireTime;
    private Date previousFireTime;

    JitteredTrigger(Cadence cadence, double fraction, long seed) {
        if (fraction < 0 || fraction > 0.5) {
            throw new IllegalArgumentException("jitter must be 0% to 50%, got " + fraction * 100 + "%");
        }
        this.cadence = cadence;
        this.fraction = fraction;
        this.seed = seed;
        setMisfireInstruction(MISFIRE_INSTRUCTION_DO_NOTHING);
    }

    Cadence cadence() {
        return cadence;
    }

    /** The nominal slot of {@link #getNextFireTime()}. */
    long slot() {
        return slot;
    }

    /** Planned runs whose slot is at or before {@code now}, counting the one due next: what a misfire skips. */
    long slotsDueBy(long now) {
        return cadence.slotsUpTo(slot, now);
    }

    @Override
    public Date computeFirstFireTime(Calendar calendar) {
        long start = startTime.getTime();
        slot = cadence.first(start);
        nextFireTime = new Date(Math.max(start, jittered(slot)));
        return nextFireTime;
    }

    @Override
    public void triggered(Calendar calendar) {
        previousFireTime = nextFireTime;
        slot = cadence.next(slot, slot);
        // With 50% jitter two neighbouring runs could meet; keep fire times strictly increasing.
        nextFireTime = new Date(Math.max(jittered(slot), previousFireTime.getTime() + 1));
    }

    @Override
    public void updateAfterMisfire(Calendar calendar) {
        long now = System.currentTimeMillis();
        slot = cadence.next(slot, now);
        nextFireTime = new Date(Math.max(now, jittered(slot)));
    }

    @Override
    public void updateWithNewCalendar(Calendar calendar, long misfireThreshold) {
        // Calendars are not used (see class comment).
    }

    @Override
    protected boolean validateMisfireInstruction(int instruction) {
        return instruction == MISFIRE_INSTRUCTION_IGNORE_MISFIRE_POLICY
                || instruction == MISFIRE_INSTRUCTION_SMART_POLICY
                || instruction == MISFIRE_INSTRUCTION_DO_NOTHING;
    }

    @Override
    public ScheduleBuilder<JitteredTrigger> getScheduleBuilder() {
        return new JitteredSchedule(cadence, fraction, seed);
    }

    @Override
    public boolean mayFireAgain() {
        return true;
    }

    @Override
    public Date getStartTime() {
        return startTime;
    }

    @Override
    public void setStartTime(Date startTime) {
        if (startTime == null) {
            throw new IllegalArgumentException("start time cannot be null");
        }
        this.startTime = startTime;
    }

    @Override
    public void setEndTime(Date endTime) {
        this.endTime = endTime;
    }

    @Override
    public Date getEndTime() {
        return endTime;
    }

    @Override
    public Date getNextFireTime() {
        return nextFireTime;
    }

    @Override
    public Date getPreviousFireTime() {
        return previousFireTime;
    }

    @Override
    public void setNextFireTime(Date nextFireTime) {
        this.nextFireTime = nextFireTime;
    }

    @Override
    public void setPreviousFireTime(Date previousFireTime) {
        this.previousFireTime = previousFireTime;
    }

    /** The nominal slot after {@code afterTime}: the jitter of a future run is not knowable from outside. */
    @Override
    public Date getFireTimeAfter(Date afterTime) {
        long after = afterTime == null ? System.currentTimeMillis() : afterTime.getTime();
        return new Date(slot == Long.MIN_VALUE ? cadence.first(after + 1) : cadence.next(slot, after));
    }

    @Override
    public Date getFinalFireTime() {
        return null;
    }

    private long jittered(long s) {
        double u = new SplittableRandom(seed ^ (s * GOLDEN)).nextDouble();
        return s + cadence.offset(s, fraction, u);
    }
}
