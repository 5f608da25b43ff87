/*
 * The status names Java uses, with this platform's values: errno from <errno.h>, and
 * libfabric's own FI_E* codes (256 and up) from <rdma/fi_errno.h>, which is a header only, so
 * no family links libfabric for it. Every family carries the table; io.fabrichealth.jni.Errno
 * reads it once, so Java never hard-codes a number (errno differs between architectures).
 */
#define _GNU_SOURCE
#include "fh_common.h"

#include <errno.h>
#include <string.h>

#if __has_include(<rdma/fi_errno.h>)
#include <rdma/fi_errno.h>
#define FH_HAVE_FI_ERRNO 1
#endif

struct fh_status {
	const char *name;
	int value;
	const char *text; /* NULL: ask libc */
};

#define E(name) { #name, name, NULL }

static const struct fh_status statuses[] = {
	E(EPERM), E(ENOENT), E(ESRCH), E(EINTR), E(EIO), E(ENXIO), E(E2BIG), E(ENOEXEC), E(EBADF),
	E(ECHILD), E(EAGAIN), E(ENOMEM), E(EACCES), E(EFAULT), E(ENOTBLK), E(EBUSY), E(EEXIST),
	E(EXDEV), E(ENODEV), E(ENOTDIR), E(EISDIR), E(EINVAL), E(ENFILE), E(EMFILE), E(ENOTTY),
	E(ETXTBSY), E(EFBIG), E(ENOSPC), E(ESPIPE), E(EROFS), E(EMLINK), E(EPIPE), E(EDOM), E(ERANGE),
	E(EDEADLK), E(ENAMETOOLONG), E(ENOLCK), E(ENOSYS), E(ENOTEMPTY), E(ELOOP), E(ENOMSG), E(EIDRM),
	E(ECHRNG), E(EL2NSYNC), E(EL3HLT), E(EL3RST), E(ELNRNG), E(EUNATCH), E(ENOCSI), E(EL2HLT),
	E(EBADE), E(EBADR), E(EXFULL), E(ENOANO), E(EBADRQC), E(EBADSLT), E(EBFONT), E(ENOSTR),
	E(ENODATA), E(ETIME), E(ENOSR), E(ENONET), E(ENOPKG), E(EREMOTE), E(ENOLINK), E(EADV),
	E(ESRMNT), E(ECOMM), E(EPROTO), E(EMULTIHOP), E(EDOTDOT), E(EBADMSG), E(EOVERFLOW),
	E(ENOTUNIQ), E(EBADFD), E(EREMCHG), E(ELIBACC), E(ELIBBAD), E(ELIBSCN), E(ELIBMAX),
	E(ELIBEXEC), E(EILSEQ), E(ERESTART), E(ESTRPIPE), E(EUSERS), E(ENOTSOCK), E(EDESTADDRREQ),
	E(EMSGSIZE), E(EPROTOTYPE), E(ENOPROTOOPT), E(EPROTONOSUPPORT), E(ESOCKTNOSUPPORT),
	E(EOPNOTSUPP), E(EPFNOSUPPORT), E(EAFNOSUPPORT), E(EADDRINUSE), E(EADDRNOTAVAIL), E(ENETDOWN),
	E(ENETUNREACH), E(ENETRESET), E(ECONNABORTED), E(ECONNRESET), E(ENOBUFS), E(EISCONN),
	E(ENOTCONN), E(ESHUTDOWN), E(ETOOMANYREFS), E(ETIMEDOUT), E(ECONNREFUSED), E(EHOSTDOWN),
	E(EHOSTUNREACH), E(EALREADY), E(EINPROGRESS), E(ESTALE), E(EUCLEAN), E(ENOTNAM), E(ENAVAIL),
	E(EISNAM), E(EREMOTEIO), E(EDQUOT), E(ENOMEDIUM), E(EMEDIUMTYPE), E(ECANCELED), E(ENOKEY),
	E(EKEYEXPIRED), E(EKEYREVOKED), E(EKEYREJECTED), E(EOWNERDEAD), E(ENOTRECOVERABLE),
	E(ERFKILL), E(EHWPOISON),
#ifdef FH_HAVE_FI_ERRNO
	/* fi_strerror lives in libfabric, which only the fabric family opens: the texts are ours. */
	{ "FI_EOTHER", FI_EOTHER, "Unspecified error" },
	{ "FI_ETOOSMALL", FI_ETOOSMALL, "Provided buffer is too small" },
	{ "FI_EOPBADSTATE", FI_EOPBADSTATE, "Operation not permitted in current state" },
	{ "FI_EAVAIL", FI_EAVAIL, "Error available" },
	{ "FI_EBADFLAGS", FI_EBADFLAGS, "Flags not supported" },
	{ "FI_ENOEQ", FI_ENOEQ, "Missing or unavailable event queue" },
	{ "FI_EDOMAIN", FI_EDOMAIN, "Invalid resource domain" },
	{ "FI_ENOCQ", FI_ENOCQ, "Missing or unavailable completion queue" },
	{ "FI_ECRC", FI_ECRC, "CRC error" },
	{ "FI_ETRUNC", FI_ETRUNC, "Truncation error" },
	{ "FI_ENOKEY", FI_ENOKEY, "Required key not available" },
	{ "FI_ENOAV", FI_ENOAV, "Missing or unavailable address vector" },
	{ "FI_EOVERRUN", FI_EOVERRUN, "Queue has been overrun" },
	{ "FI_ENORX", FI_ENORX, "Receiver not ready, no receive buffers available" },
#endif
};

/* The untranslated text: the JVM sets the process locale, and messages should not depend on it. */
static const char *describe(const struct fh_status *s)
{
	const char *text = s->text;

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 32))
	if (!text)
		text = strerrordesc_np(s->value);
#endif
	return text ? text : strerror(s->value);
}

/* name0, text0, name1, text1, ... in table order. */
static jobjectArray strings0(JNIEnv *env, jclass cls)
{
	jclass string_class = (*env)->FindClass(env, "java/lang/String");
	jobjectArray out;
	jsize i;

	(void)cls;
	if (!string_class)
		return NULL;
	out = (*env)->NewObjectArray(env, 2 * (jsize)FH_ARRAY_LEN(statuses), string_class, NULL);
	for (i = 0; out && i < (jsize)(2 * FH_ARRAY_LEN(statuses)); i++) {
		const struct fh_status *s = &statuses[i / 2];
		jstring text = (*env)->NewStringUTF(env, i % 2 ? describe(s) : s->name);

		if (!text)
			return NULL;
		(*env)->SetObjectArrayElement(env, out, i, text);
		(*env)->DeleteLocalRef(env, text);
	}
	return out;
}

/* The values, in the order of strings0's names. */
static jintArray values0(JNIEnv *env, jclass cls)
{
	jint values[FH_ARRAY_LEN(statuses)];
	size_t i;

	(void)cls;
	for (i = 0; i < FH_ARRAY_LEN(statuses); i++)
		values[i] = statuses[i].value;
	return fh_int_array(env, values, FH_ARRAY_LEN(statuses));
}

static const JNINativeMethod methods[] = {
	{ "strings0", "()[Ljava/lang/String;", (void *)strings0 },
	{ "values0", "()[I", (void *)values0 },
};

int fh_errno_register(JNIEnv *env)
{
	return fh_register(env, "io/fabrichealth/jni/Errno$Table", methods, FH_ARRAY_LEN(methods));
}
