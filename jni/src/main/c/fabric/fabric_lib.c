#include "fabric_lib.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "fh_signals.h"

#define LIBFABRIC_SONAME "libfabric.so.1"

struct fabric_lib fabric;
static void *handle;
static char open_error[512];
static int signals_restored;
static char environment[2048];

extern char **environ;

/*
 * libfabric reads FI_* variables once, when it initialises; keeping what it saw lets a burst
 * prove how it ran (the cacheless set needs FI_MR_CACHE_MAX_SIZE=0 to have been seen here).
 */
static void capture_environment(void)
{
	size_t used = 0;
	char **var;

	environment[0] = '\0';
	for (var = environ; var && *var; var++) {
		size_t len = strlen(*var);

		if (strncmp(*var, "FI_", 3) != 0 || used + len + 2 > sizeof(environment))
			continue;
		memcpy(environment + used, *var, len);
		used += len;
		environment[used++] = '\n';
		environment[used] = '\0';
	}
}

static int lookup(void **slot, const char *name)
{
	*slot = dlsym(handle, name);
	if (*slot)
		return 0;
	snprintf(open_error, sizeof(open_error), "%s: undefined symbol: %s", LIBFABRIC_SONAME, name);
	return -1;
}

int fabric_lib_open(void)
{
	struct fh_signal_guard guard;

	capture_environment();
	fh_signal_guard_start(&guard);
	handle = dlopen(LIBFABRIC_SONAME, RTLD_NOW | RTLD_LOCAL);
	signals_restored = fh_signal_guard_stop(&guard);
	if (!handle) {
		snprintf(open_error, sizeof(open_error), "%s", dlerror());
		return -1;
	}
	if (lookup((void **)&fabric.version, "fi_version") ||
	    lookup((void **)&fabric.getinfo, "fi_getinfo") ||
	    lookup((void **)&fabric.freeinfo, "fi_freeinfo") ||
	    lookup((void **)&fabric.dupinfo, "fi_dupinfo") ||
	    lookup((void **)&fabric.fabric, "fi_fabric") ||
	    lookup((void **)&fabric.strerror, "fi_strerror")) {
		fabric_lib_close();
		return -1;
	}
	open_error[0] = '\0';
	return 0;
}

void fabric_lib_close(void)
{
	if (handle)
		dlclose(handle);
	handle = NULL;
	fabric.version = NULL;
	fabric.getinfo = NULL;
	fabric.freeinfo = NULL;
	fabric.dupinfo = NULL;
	fabric.fabric = NULL;
	fabric.strerror = NULL;
}

const char *fabric_lib_error(void)
{
	return handle ? NULL : open_error;
}

int fabric_getinfo(const struct fi_info *hints, struct fi_info **info)
{
	return fabric_getinfo_at(NULL, NULL, 0, hints, info);
}

int fabric_getinfo_at(const char *node, const char *service, uint64_t flags,
		      const struct fi_info *hints, struct fi_info **info)
{
	struct fh_signal_guard guard;
	int rc;

	fh_signal_guard_start(&guard);
	rc = fabric.getinfo(FI_VERSION(FI_MAJOR_VERSION, FI_MINOR_VERSION), node, service, flags,
			    hints, info);
	__atomic_add_fetch(&signals_restored, fh_signal_guard_stop(&guard), __ATOMIC_RELAXED);
	return rc;
}

const char *fabric_lib_environment(void)
{
	return environment;
}

int fabric_signals_restored(void)
{
	return signals_restored;
}
