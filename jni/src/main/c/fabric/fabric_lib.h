/*
 * libfabric, opened at run time rather than linked: its PSM provider's constructor replaces
 * the JVM's signal handlers (see fh_signals.h), so we open it between a save and a restore.
 * Only the few real exported functions are looked up; the rest of the libfabric API is
 * static inline calls through the ops tables of objects these functions return.
 */
#ifndef FABRIC_LIB_H
#define FABRIC_LIB_H

#include <rdma/fabric.h>

#include "fh_common.h"

struct fabric_lib {
	uint32_t (*version)(void);
	int (*getinfo)(uint32_t version, const char *node, const char *service, uint64_t flags,
		       const struct fi_info *hints, struct fi_info **info);
	void (*freeinfo)(struct fi_info *info);
	struct fi_info *(*dupinfo)(const struct fi_info *info);
	int (*fabric)(struct fi_fabric_attr *attr, struct fid_fabric **fabric, void *context);
	const char *(*strerror)(int errnum);
};
FH_HIDDEN extern struct fabric_lib fabric;

/* Opens libfabric.so.1; 0, or -1 with the reason kept for fabric_lib_error(). */
FH_HIDDEN int fabric_lib_open(void);
FH_HIDDEN void fabric_lib_close(void);

/* dlerror() text of a failed open, or NULL when libfabric is usable. */
FH_HIDDEN const char *fabric_lib_error(void);

/*
 * fi_getinfo with the JVM's signal handlers put back afterwards: providers are loaded on the
 * first call and may install handlers of their own.
 */
FH_HIDDEN int fabric_getinfo(const struct fi_info *hints, struct fi_info **info);

/*
 * fi_getinfo with node, service and flags (FI_SOURCE for a listener), same signal guard.
 * The returned list belongs to the caller (fabric.freeinfo).
 */
FH_HIDDEN int fabric_getinfo_at(const char *node, const char *service, uint64_t flags,
				const struct fi_info *hints, struct fi_info **info);

/* The FI_* environment as this process had it when libfabric was opened ("" when none). */
FH_HIDDEN const char *fabric_lib_environment(void);

/* How many foreign signal handlers were put back so far (reported by version0). */
FH_HIDDEN int fabric_signals_restored(void);

#endif
