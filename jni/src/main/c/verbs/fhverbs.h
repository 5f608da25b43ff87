/* The verbs family's parts, registered from JNI_OnLoad in fhverbs.c. */
#ifndef FHVERBS_H
#define FHVERBS_H

#include <jni.h>

#include "fh_common.h"
#include "io_fabrichealth_jni_verbs_VerbsConnection.h"

/* RegisterNatives for io.fabrichealth.jni.verbs.VerbsConnection; 0 or JNI_ERR. */
FH_HIDDEN int fh_verbs_conn_register(JNIEnv *env);

#endif
