/* The rds family's parts, registered from JNI_OnLoad in fhrds.c. */
#ifndef FHRDS_H
#define FHRDS_H

#include <jni.h>

#include "fh_common.h"
#include "io_fabrichealth_jni_rds_RdsSocket.h"

/* RegisterNatives for io.fabrichealth.jni.rds.RdsSocket; 0 or JNI_ERR. */
FH_HIDDEN int fh_rds_socket_register(JNIEnv *env);

#endif
