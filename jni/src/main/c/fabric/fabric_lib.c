#include "fabric_lib.h"

#include <dlfcn.h>
#include <stdio.h>

#include "fh_signals.h"

#define LIBFABRIC_SONAME "libfabric.so.1"

struct fabric_lib fabric;
static void *handle;
static char open_error[512];
static int signals_restored;

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

	fh_signal_guard_start(&guard);
	handle = dlopen(LIBFABRIC_SONAME, RTLD_NOW | RTLD_LOCAL);
	signals_restored = fh_signal_guard_stop(&guard);
	if (!handle) {
		snprintf(open_error, sizeof(open_error), "%s", dlerror());
		return -1;
	}
	if (lookup((void **)&fabric.version, "fi_version") ||
	    lookup((void **)&fabric.getinfo, "fi_getinfo") ||
	    lookup((void **)&fabric.freeinfo, "fi_freeinfo")) {
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
}

const char *fabric_lib_error(void)
{
	return handle ? NULL : open_error;
}

int fabric_getinfo(const struct fi_info *hints, struct fi_info **info)
{
	struct fh_signal_guard guard;
	int rc;

	fh_signal_guard_start(&guard);
	rc = fabric.getinfo(FI_VERSION(FI_MAJOR_VERSION, FI_MINOR_VERSION), NULL, NULL, 0, hints, info);
	signals_restored += fh_signal_guard_stop(&guard);
	return rc;
}

int fabric_signals_restored(void)
{
	return signals_restored;
}
