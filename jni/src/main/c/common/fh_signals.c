#include "fh_signals.h"

#include <sched.h>
#include <string.h>

/* glibc adds this kernel flag on every sigaction(); it says nothing about the handler. */
#ifndef SA_RESTORER
#define SA_RESTORER 0x04000000
#endif

static int restorable(int sig)
{
	return sig != SIGKILL && sig != SIGSTOP;
}

void fh_signals_save(struct fh_signals *signals)
{
	int sig;

	memset(signals, 0, sizeof(*signals));
	for (sig = 1; sig < FH_SIGNAL_COUNT; sig++)
		if (restorable(sig))
			sigaction(sig, NULL, &signals->saved[sig]);
}

static int same_handler(const struct sigaction *a, const struct sigaction *b)
{
	if ((a->sa_flags & ~SA_RESTORER) != (b->sa_flags & ~SA_RESTORER))
		return 0;
	return (a->sa_flags & SA_SIGINFO) ? a->sa_sigaction == b->sa_sigaction
					  : a->sa_handler == b->sa_handler;
}

int fh_signals_restore(const struct fh_signals *signals)
{
	struct sigaction now;
	int sig, restored = 0;

	for (sig = 1; sig < FH_SIGNAL_COUNT; sig++) {
		if (!restorable(sig) || sigaction(sig, NULL, &now))
			continue;
		if (!same_handler(&now, &signals->saved[sig])) {
			sigaction(sig, &signals->saved[sig], NULL);
			restored++;
		}
	}
	return restored;
}

/* Spins (yielding) rather than sleeps: a sleeping guard can wake milliseconds late. */
static void *guard_loop(void *arg)
{
	struct fh_signal_guard *guard = arg;

	while (!__atomic_load_n(&guard->stop, __ATOMIC_ACQUIRE)) {
		__atomic_add_fetch(&guard->restored, fh_signals_restore(&guard->signals),
				   __ATOMIC_RELAXED);
		sched_yield();
	}
	return NULL;
}

void fh_signal_guard_start(struct fh_signal_guard *guard)
{
	sigset_t all, old;

	memset(guard, 0, sizeof(*guard));
	fh_signals_save(&guard->signals);
	/* The helper must never be the thread a process signal is delivered to. */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	guard->thread_started = pthread_create(&guard->thread, NULL, guard_loop, guard) == 0;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
}

int fh_signal_guard_stop(struct fh_signal_guard *guard)
{
	__atomic_store_n(&guard->stop, 1, __ATOMIC_RELEASE);
	if (guard->thread_started)
		pthread_join(guard->thread, NULL);
	return guard->restored + fh_signals_restore(&guard->signals);
}
