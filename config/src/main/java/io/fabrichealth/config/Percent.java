package io.fabrichealth.config;

import java.math.BigDecimal;

/**
 * A share written either as {@code 10%} or as the fraction {@code 0.1}. Decimal arithmetic keeps
 * {@code 0.1 -> 10%} exact so the value prints back as written.
 */
public record Percent(double percent) {

    public static Percent of(double percent) {
        return new Percent(percent);
    }

    /** @throws IllegalArgumentException when the text is neither {@code N%} nor a number */
    public static Percent parse(String text) {
        String t = text.strip();
        try {
            if (t.endsWith("%")) {
                return new Percent(new BigDecimal(t.substring(0, t.length() - 1).strip()).doubleValue());
            }
            return new Percent(new BigDecimal(t).movePointRight(2).doubleValue());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("write a percentage like 10% or a fraction like 0.1");
        }
    }

    public double fraction() {
        return BigDecimal.valueOf(percent).movePointLeft(2).doubleValue();
    }

    @Override
    public String toString() {
        return BigDecimal.valueOf(percent).stripTrailingZeros().toPlainString() + "%";
    }
}
