/*
 * The JVM owns the process's signal handlers: SIGSEGV drives its safepoint polls and implicit
 * null checks. Some system libraries install their own in a constructor. libfabric pulls in
 * libinfinipath (PSM), whose constructor takes SIGSEGV/SIGBUS/SIGILL/SIGINT/SIGTERM and then
 * spends ~100 ms calibrating a clock; a safepoint in that window kills the JVM.
 *
 * A guard saves the handlers, and while the dangerous call runs a helper thread keeps putting
 * back every handler that changed; a last restore runs when the call returns. The window
 * shrinks from the whole constructor to microseconds. Operators who want it closed entirely
 * start the JVM with LD_PRELOAD=$JAVA_HOME/lib/libjsig.so (HotSpot's signal chaining).
 */
#ifndef FH_SIGNALS_H
#define FH_SIGNALS_H

#include <pthread.h>
#include <signal.h>

#include "fh_common.h"

#define FH_SIGNAL_COUNT 32

struct fh_signals {
	struct sigaction saved[FH_SIGNAL_COUNT];
};

struct fh_signal_guard {
	struct fh_signals signals;
	pthread_t thread;
	int thread_started;
	volatile int stop;
	int restored;
};

FH_HIDDEN void fh_signals_save(struct fh_signals *signals);

/* Restores every handler that changed since the save; returns how many. */
FH_HIDDEN int fh_signals_restore(const struct fh_signals *signals);

/* Saves the handlers and starts restoring them in the background. */
FH_HIDDEN void fh_signal_guard_start(struct fh_signal_guard *guard);

/* Stops the background thread, restores once more; returns how many restores happened. */
FH_HIDDEN int fh_signal_guard_stop(struct fh_signal_guard *guard);

#endif
