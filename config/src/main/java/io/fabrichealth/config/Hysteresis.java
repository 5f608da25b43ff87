package io.fabrichealth.config;

import io.fabrichealth.config.bind.Range;

/**
 * @param raiseAfter consecutive bad results before the alarm is raised
 * @param clearAfter consecutive good results before it clears (ignored for Corruption, which never clears itself)
 */
public record Hysteresis(@Range(min = 1, max = 1000) int raiseAfter, @Range(min = 1, max = 1000) int clearAfter) {

    public static final Hysteresis DEFAULTS = new Hysteresis(2, 2);
}
