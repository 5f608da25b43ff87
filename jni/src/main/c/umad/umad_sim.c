/*
 * Is ibsim listening? umad2sim connects to the abstract unix socket "@<IBSIM_SOCKNAME>:ctl"
 * (ibsim's name includes the trailing NUL) and, when nobody listens, retries forever or
 * exit()s the process. A bare connect() answers the question without side effects.
 */
#include "fhumad.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

static jint reachable0(JNIEnv *env, jclass cls, jstring jname)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	const char *name;
	socklen_t len;
	int fd, n, rc;

	(void)cls;
	name = (*env)->GetStringUTFChars(env, jname, NULL);
	if (!name)
		return -ENOMEM;
	n = snprintf(addr.sun_path + 1, sizeof(addr.sun_path) - 1, "%s:ctl", name);
	(*env)->ReleaseStringUTFChars(env, jname, name);
	if (n < 0 || (size_t)n >= sizeof(addr.sun_path) - 1)
		return -ENAMETOOLONG;
	len = offsetof(struct sockaddr_un, sun_path) + 1 + n + 1;

	fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	rc = connect(fd, (struct sockaddr *)&addr, len) ? -errno : 0;
	close(fd);
	return rc;
}

const JNINativeMethod fhumad_sim_methods[] = {
	{ "reachable0", "(Ljava/lang/String;)I", (void *)reachable0 },
};
const int fhumad_sim_method_count = FH_ARRAY_LEN(fhumad_sim_methods);
