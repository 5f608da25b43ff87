package io.fabrichealth.alarms;

import java.util.List;
import java.util.Optional;

/**
 * What loading the alarm state found.
 *
 * @param problem set when saved alarms were lost or skipped: say it where operators look (Agent LastError)
 * @param note what happened, for the log, also when all is well
 */
record StoreLoad(List<Alarm> alarms, Optional<String> problem, String note) {
}
