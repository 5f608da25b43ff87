/*
 * C reference for the SMP MAD engine: the same libibumad calls the Java engine makes through its JNI binding
 * (umad_send with the MAD copied behind a stack header, a non-blocking umad_recv, and umad_poll with a
 * deadline only when nothing was queued),
 * in the tightest loop that keeps a window full: at most PER_DEST outstanding per destination, WINDOW in all,
 * destinations served round robin, answers matched on the low 32 bits of the TID.
 *
 *   smp_baseline TOTAL WINDOW PER_DEST LID [LID...]
 *     sends TOTAL LID-routed NodeInfo Gets (class 0x01) spread over the LIDs
 * prints: mads=N seconds=S mads_per_second=R timeouts=T cpu_us_per_mad=C (process CPU, all threads)
 *   sys_share=F (the kernel's part of it) minflt=N (minor page faults during the run)
 *
 * Build: cc -O2 -Wall -Werror -o smp_baseline smp_baseline.c -libumad
 * Run it as an ibsim client: LD_PRELOAD=.../libumad2sim.so IBSIM_SOCKNAME=... SIM_HOST=...
 */
#include <arpa/inet.h>
#include <errno.h>
#include <infiniband/umad.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#define MAD_SIZE 256
#define MAX_WINDOW 128
#define MAX_DESTS 4096
#define TIMEOUT_MS 1000

struct frame {
	struct ib_user_mad hdr;
	uint8_t mad[MAD_SIZE];
};

struct slot {
	int busy;
	int dest;
	uint32_t tid;
	double deadline;
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static double seconds_of(struct timeval tv)
{
	return tv.tv_sec + tv.tv_usec / 1e6;
}

static void node_info_get(uint8_t *mad, uint32_t tid)
{
	memset(mad, 0, MAD_SIZE);
	mad[0] = 1;		/* BaseVersion */
	mad[1] = 0x01;		/* MgmtClass: LID-routed SMP */
	mad[2] = 1;		/* ClassVersion */
	mad[3] = 0x01;		/* Method: Get */
	*(uint32_t *)(mad + 12) = htonl(tid);
	*(uint16_t *)(mad + 16) = htons(0x11);	/* NodeInfo */
}

int main(int argc, char **argv)
{
	static struct slot slots[MAX_WINDOW];
	static int inflight[MAX_DESTS];
	static uint16_t lids[MAX_DESTS];
	struct frame out, in;
	long total, sent = 0, done = 0, timeouts = 0;
	int window, per_dest, ndest, fd, agent, next_dest = 0, outstanding = 0;
	uint32_t tid = 0x5a000000;
	double start, end, cpu, sys;
	struct rusage ru0, ru1;

	if (argc < 5) {
		fprintf(stderr, "usage: smp_baseline TOTAL WINDOW PER_DEST LID [LID...]\n");
		return 2;
	}
	total = atol(argv[1]);
	window = atoi(argv[2]);
	per_dest = atoi(argv[3]);
	ndest = argc - 4;
	if (window < 1 || window > MAX_WINDOW || per_dest < 1 || ndest > MAX_DESTS) {
		fprintf(stderr, "WINDOW 1..%d, PER_DEST >= 1, at most %d LIDs\n", MAX_WINDOW, MAX_DESTS);
		return 2;
	}
	for (int i = 0; i < ndest; i++)
		lids[i] = (uint16_t)atoi(argv[4 + i]);
	if (umad_init() < 0 || (fd = umad_open_port(NULL, 0)) < 0) {
		fprintf(stderr, "umad_open_port failed\n");
		return 1;
	}
	agent = umad_register(fd, 0x01, 1, 0, NULL);
	if (agent < 0) {
		fprintf(stderr, "umad_register failed: %d\n", agent);
		return 1;
	}
	start = now();
	getrusage(RUSAGE_SELF, &ru0);
	while (done < total) {
		/* Fill the window, round robin over destinations that have room. */
		for (int tries = 0; sent < total && outstanding < window && tries < ndest; tries++) {
			int d = next_dest;

			next_dest = (next_dest + 1) % ndest;
			if (inflight[d] >= per_dest)
				continue;
			int s = 0;

			while (slots[s].busy)
				s++;
			tid++;
			memset(&out.hdr, 0, sizeof(out.hdr));
			node_info_get(umad_get_mad(&out), tid);
			umad_set_addr(&out, lids[d], 0, 0, 0);
			umad_set_pkey(&out, 0);
			if (umad_send(fd, agent, &out, MAD_SIZE, TIMEOUT_MS, 0) < 0) {
				fprintf(stderr, "umad_send failed: %d\n", errno);
				return 1;
			}
			slots[s] = (struct slot){ 1, d, tid, now() + TIMEOUT_MS / 1e3 };
			inflight[d]++;
			outstanding++;
			sent++;
			tries = -1;	/* sent one: look at every destination again */
		}
		/*
		 * Take an answer that is already queued; only when none is, wait for one on our own
		 * deadline (the same order as the Java binding's recv0).
		 */
		int len = MAD_SIZE;
		int got = umad_recv(fd, &in, &len, 0);

		if (got < 0 && umad_poll(fd, TIMEOUT_MS) == 0) {
			len = MAD_SIZE;
			got = umad_recv(fd, &in, &len, 0);
		}
		{
			if (got >= 0) {
				uint32_t rtid = ntohl(*(uint32_t *)(umad_get_mad(&in) + 12));

				for (int s = 0; s < window; s++) {
					if (slots[s].busy && slots[s].tid == rtid) {
						if (umad_status(&in))
							timeouts++;
						slots[s].busy = 0;
						inflight[slots[s].dest]--;
						outstanding--;
						done++;
						break;
					}
				}
			}
		}
		double t = now();

		for (int s = 0; s < window; s++) {
			if (slots[s].busy && slots[s].deadline < t) {
				slots[s].busy = 0;
				inflight[slots[s].dest]--;
				outstanding--;
				done++;
				timeouts++;
			}
		}
	}
	end = now();
	getrusage(RUSAGE_SELF, &ru1);
	sys = seconds_of(ru1.ru_stime) - seconds_of(ru0.ru_stime);
	cpu = seconds_of(ru1.ru_utime) - seconds_of(ru0.ru_utime) + sys;
	printf("mads=%ld seconds=%.6f mads_per_second=%.1f timeouts=%ld cpu_us_per_mad=%.2f sys_share=%.2f minflt=%ld "
	       "window=%.6f,%.6f\n",
	       total, end - start, total / (end - start), timeouts, cpu * 1e6 / total, cpu > 0 ? sys / cpu : 0,
	       ru1.ru_minflt - ru0.ru_minflt, start, end);
	umad_unregister(fd, agent);
	umad_close_port(fd);
	return 0;
}
