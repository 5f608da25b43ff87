#include "fabric_jni.h"

static long open_handles;

void fabric_handle_opened(void)
{
	__atomic_add_fetch(&open_handles, 1, __ATOMIC_RELAXED);
}

void fabric_handle_closed(void)
{
	__atomic_sub_fetch(&open_handles, 1, __ATOMIC_RELAXED);
}

long fabric_handles_open(void)
{
	return __atomic_load_n(&open_handles, __ATOMIC_RELAXED);
}

int fabric_close_fid(struct fid *fid)
{
	int rc = fi_close(fid);

	/* A failed close still gives the object up: Java never calls close twice. */
	fabric_handle_closed();
	return rc;
}
