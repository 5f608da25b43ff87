package io.fabrichealth.config;

import io.fabrichealth.config.bind.Range;

/** @param maxConcurrentProbes probes of any kind running at once; later ones wait */
public record BudgetConfig(@Range(min = 1, max = 64) int maxConcurrentProbes) {

    public static final BudgetConfig DEFAULTS = new BudgetConfig(2);
}
