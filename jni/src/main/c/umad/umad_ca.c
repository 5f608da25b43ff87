/* The CAs this host sees: umad_get_cas_names and umad_get_ca. */
#include "fhumad.h"

#include <dirent.h>
#include <endian.h>
#include <errno.h>
#include <infiniband/umad.h>

static jobjectArray names_to_java(JNIEnv *env, char names[][UMAD_CA_NAME_LEN], int count)
{
	jobjectArray array = (*env)->NewObjectArray(env, count, fhumad.string_class, NULL);
	int i;

	for (i = 0; array && i < count; i++) {
		jstring name = (*env)->NewStringUTF(env, names[i]);

		if (!name)
			return NULL;
		(*env)->SetObjectArrayElement(env, array, i, name);
		if ((*env)->ExceptionCheck(env))
			return NULL;
		(*env)->DeleteLocalRef(env, name);
	}
	return array;
}

static jobjectArray caNames0(JNIEnv *env, jclass cls)
{
	char names[UMAD_MAX_DEVICES][UMAD_CA_NAME_LEN];
	DIR *dir;
	int count;

	(void)cls;
	/* Without this directory libibumad answers with a made-up "mthca0". */
	dir = opendir(SYS_INFINIBAND);
	if (!dir)
		return names_to_java(env, names, 0);
	closedir(dir);

	count = umad_get_cas_names(names, UMAD_MAX_DEVICES);
	if (count < 0) {
		fh_throw(env, count, "umad_get_cas_names");
		return NULL;
	}
	return names_to_java(env, names, count);
}

static jobject port_to_java(JNIEnv *env, const umad_port_t *port)
{
	jstring link_layer = (*env)->NewStringUTF(env, port->link_layer);
	jobject result;

	if (!link_layer)
		return NULL;
	result = (*env)->NewObject(env, fhumad.ca_port_class, fhumad.ca_port_ctor,
				   (jint)port->portnum, (jint)port->state, (jint)port->phys_state,
				   (jint)port->base_lid, (jint)port->sm_lid, (jint)port->lmc,
				   (jint)port->rate, link_layer, (jlong)be64toh(port->port_guid));
	if ((*env)->ExceptionCheck(env))
		return NULL;
	(*env)->DeleteLocalRef(env, link_layer);
	return result;
}

static jobject ca_to_java(JNIEnv *env, const umad_ca_t *ca)
{
	jobjectArray ports;
	jstring name, fw, type;
	jobject result = NULL;
	int i, count = 0, slot = 0;

	for (i = 0; i < UMAD_CA_MAX_PORTS; i++)
		count += ca->ports[i] != NULL;
	ports = (*env)->NewObjectArray(env, count, fhumad.ca_port_class, NULL);
	if (!ports)
		return NULL;
	for (i = 0; i < UMAD_CA_MAX_PORTS; i++) {
		jobject port;

		if (!ca->ports[i])
			continue;
		port = port_to_java(env, ca->ports[i]);
		if (!port)
			return NULL;
		(*env)->SetObjectArrayElement(env, ports, slot++, port);
		if ((*env)->ExceptionCheck(env))
			return NULL;
		(*env)->DeleteLocalRef(env, port);
	}
	name = (*env)->NewStringUTF(env, ca->ca_name);
	fw = name ? (*env)->NewStringUTF(env, ca->fw_ver) : NULL;
	type = fw ? (*env)->NewStringUTF(env, ca->ca_type) : NULL;
	if (type)
		result = (*env)->CallStaticObjectMethod(env, fhumad.ca_info_class, fhumad.ca_info_from_native,
							name, (jint)ca->node_type, (jint)ca->numports, fw,
							type, (jlong)be64toh(ca->node_guid),
							(jlong)be64toh(ca->system_guid), ports);
	return result;
}

static jobject ca0(JNIEnv *env, jclass cls, jstring jname)
{
	const char *name;
	umad_ca_t ca;
	jobject result;
	int rc;

	(void)cls;
	name = (*env)->GetStringUTFChars(env, jname, NULL);
	if (!name)
		return NULL;
	rc = umad_get_ca(name, &ca);
	(*env)->ReleaseStringUTFChars(env, jname, name);
	if (rc < 0) {
		fh_throw(env, rc, "umad_get_ca");
		return NULL;
	}
	result = ca_to_java(env, &ca);
	umad_release_ca(&ca);
	return result;
}

const JNINativeMethod fhumad_ca_methods[] = {
	{ "caNames0", "()[Ljava/lang/String;", (void *)caNames0 },
	{ "ca0", "(Ljava/lang/String;)Lio/fabrichealth/jni/CaInfo;", (void *)ca0 },
};
const int fhumad_ca_method_count = FH_ARRAY_LEN(fhumad_ca_methods);
