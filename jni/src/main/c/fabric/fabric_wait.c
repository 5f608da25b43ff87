/*
 * io.fabrichealth.jni.fabric.WaitSet: an epoll set over CQ wait fds, so a burst can sleep in the
 * kernel instead of polling (the wait set, with fi_trywait on FabricInstance before each sleep).
 */
#include "fabric_jni.h"

#include <errno.h>
#include <sys/epoll.h>
#include <unistd.h>

static jint create0(JNIEnv *env, jclass cls)
{
	int fd = epoll_create1(EPOLL_CLOEXEC);

	(void)env;
	(void)cls;
	return fd < 0 ? -errno : fd;
}

static jint add0(JNIEnv *env, jclass cls, jint epfd, jint fd)
{
	struct epoll_event event = { .events = EPOLLIN, .data.fd = fd };

	(void)env;
	(void)cls;
	return epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &event) ? -errno : 0;
}

/* Ready fds (0 on timeout), or -errno; EINTR counts as a timeout so Java re-checks its deadline. */
static jint wait0(JNIEnv *env, jclass cls, jint epfd, jint timeout_ms)
{
	struct epoll_event events[8];
	int n = epoll_wait(epfd, events, 8, timeout_ms);

	(void)env;
	(void)cls;
	if (n < 0)
		return errno == EINTR ? 0 : -errno;
	return n;
}

static jint close0(JNIEnv *env, jclass cls, jint fd)
{
	(void)env;
	(void)cls;
	return close(fd) ? -errno : 0;
}

static const JNINativeMethod methods[] = {
	{ "create0", "()I", (void *)create0 },
	{ "add0", "(II)I", (void *)add0 },
	{ "wait0", "(II)I", (void *)wait0 },
	{ "close0", "(I)I", (void *)close0 },
};

int fabric_wait_register(JNIEnv *env)
{
	return fh_register(env, "io/fabrichealth/jni/fabric/WaitSet", methods, FH_ARRAY_LEN(methods));
}
