/* Shared between the umad family's C files. */
#ifndef FHUMAD_H
#define FHUMAD_H

#include "fh_common.h"

/* Cached at load, released at unload (umad_onload.c). */
struct fhumad_cache {
	jclass string_class;
	jclass ca_info_class;
	jmethodID ca_info_from_native;
	jclass ca_port_class;
	jmethodID ca_port_ctor;
};
FH_HIDDEN extern struct fhumad_cache fhumad;

/* Native tables, registered by JNI_OnLoad. */
FH_HIDDEN extern const JNINativeMethod fhumad_ca_methods[];
FH_HIDDEN extern const int fhumad_ca_method_count;
FH_HIDDEN extern const JNINativeMethod fhumad_sim_methods[];
FH_HIDDEN extern const int fhumad_sim_method_count;
FH_HIDDEN extern const JNINativeMethod fhumad_port_methods[];
FH_HIDDEN extern const int fhumad_port_method_count;

#endif
