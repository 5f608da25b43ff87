/*
 * io.fabrichealth.jni.fabric.FabricInfo: fi_getinfo with hints, and the fields Java decides on.
 * A FabricInfo handle is a private fi_dupinfo() copy of one list entry, freed by freeinfo0.
 */
#include "fabric_jni.h"

#include <rdma/fi_domain.h>
#include <rdma/fi_endpoint.h>
#include <stdlib.h>
#include <string.h>

#include "fabric_lib.h"
#include "io_fabrichealth_jni_fabric_FabricInfo.h"

static char *dup_utf(JNIEnv *env, jstring text)
{
	const char *utf;
	char *copy;

	if (!text)
		return NULL;
	utf = (*env)->GetStringUTFChars(env, text, NULL);
	if (!utf)
		return NULL;
	copy = strdup(utf);
	(*env)->ReleaseStringUTFChars(env, text, utf);
	return copy;
}

static jlong getinfo0(JNIEnv *env, jclass cls, jstring provider, jint ep_type, jlong caps,
		      jint mr_mode, jstring node, jstring service, jlong flags, jlong msg_order,
		      jlong tx_op_flags)
{
	struct fi_info *hints, *list = NULL, *copy;
	char *cnode = dup_utf(env, node), *cservice = dup_utf(env, service);
	jlong result;
	int rc;

	(void)cls;
	hints = fabric.dupinfo(NULL);
	if (!hints) {
		free(cnode);
		free(cservice);
		return -FI_ENOMEM;
	}
	hints->caps = (uint64_t)caps;
	hints->mode = FI_CONTEXT | FI_CONTEXT2;
	hints->ep_attr->type = (enum fi_ep_type)ep_type;
	hints->domain_attr->mr_mode = mr_mode;
	hints->tx_attr->msg_order = (uint64_t)msg_order;
	hints->rx_attr->msg_order = (uint64_t)msg_order;
	hints->tx_attr->op_flags = (uint64_t)tx_op_flags;
	hints->fabric_attr->prov_name = dup_utf(env, provider);
	rc = fabric_getinfo_at(cnode, cservice, (uint64_t)flags, hints, &list);
	fabric.freeinfo(hints);
	free(cnode);
	free(cservice);
	if (rc)
		return rc < 0 ? rc : -rc;
	copy = fabric.dupinfo(list);
	fabric.freeinfo(list);
	if (!copy)
		return -FI_ENOMEM;
	/* dupinfo copies the whole chain from this entry on; keep only the best match. */
	if (copy->next) {
		fabric.freeinfo(copy->next);
		copy->next = NULL;
	}
	fabric_handle_opened();
	result = FH_HANDLE(copy);
	return result;
}

static void freeinfo0(JNIEnv *env, jclass cls, jlong info)
{
	(void)env;
	(void)cls;
	fabric.freeinfo(FH_PTR(struct fi_info *, info));
	fabric_handle_closed();
}

/* The order is FabricInfo's V_* constants. */
static jint values0(JNIEnv *env, jclass cls, jlong handle, jlongArray out)
{
	const struct fi_info *info = FH_PTR(const struct fi_info *, handle);
	jlong v[io_fabrichealth_jni_fabric_FabricInfo_V_COUNT];

	(void)cls;
	memset(v, 0, sizeof(v));
	v[io_fabrichealth_jni_fabric_FabricInfo_V_EP_TYPE] = info->ep_attr ? info->ep_attr->type : 0;
	v[io_fabrichealth_jni_fabric_FabricInfo_V_CAPS] = (jlong)info->caps;
	v[io_fabrichealth_jni_fabric_FabricInfo_V_MODE] = (jlong)info->mode;
	v[io_fabrichealth_jni_fabric_FabricInfo_V_MR_MODE] = info->domain_attr ? info->domain_attr->mr_mode : 0;
	v[io_fabrichealth_jni_fabric_FabricInfo_V_MR_KEY_SIZE] = info->domain_attr ? (jlong)info->domain_attr->mr_key_size : 0;
	v[io_fabrichealth_jni_fabric_FabricInfo_V_TX_IOV_LIMIT] = info->tx_attr ? (jlong)info->tx_attr->iov_limit : 0;
	v[io_fabrichealth_jni_fabric_FabricInfo_V_RMA_IOV_LIMIT] = info->tx_attr ? (jlong)info->tx_attr->rma_iov_limit : 0;
	v[io_fabrichealth_jni_fabric_FabricInfo_V_RX_IOV_LIMIT] = info->rx_attr ? (jlong)info->rx_attr->iov_limit : 0;
	v[io_fabrichealth_jni_fabric_FabricInfo_V_TX_SIZE] = info->tx_attr ? (jlong)info->tx_attr->size : 0;
	v[io_fabrichealth_jni_fabric_FabricInfo_V_RX_SIZE] = info->rx_attr ? (jlong)info->rx_attr->size : 0;
	v[io_fabrichealth_jni_fabric_FabricInfo_V_MSG_ORDER] = info->tx_attr ? (jlong)info->tx_attr->msg_order : 0;
	v[io_fabrichealth_jni_fabric_FabricInfo_V_TX_OP_FLAGS] = info->tx_attr ? (jlong)info->tx_attr->op_flags : 0;
	v[io_fabrichealth_jni_fabric_FabricInfo_V_MAX_MSG_SIZE] = info->ep_attr ? (jlong)info->ep_attr->max_msg_size : 0;
	v[io_fabrichealth_jni_fabric_FabricInfo_V_ADDR_FORMAT] = info->addr_format;
	v[io_fabrichealth_jni_fabric_FabricInfo_V_SRC_ADDRLEN] = (jlong)info->src_addrlen;
	v[io_fabrichealth_jni_fabric_FabricInfo_V_DEST_ADDRLEN] = (jlong)info->dest_addrlen;
	(*env)->SetLongArrayRegion(env, out, 0, io_fabrichealth_jni_fabric_FabricInfo_V_COUNT, v);
	return (*env)->ExceptionCheck(env) ? -FI_EINVAL : 0;
}

static jstring text0(JNIEnv *env, jclass cls, jlong handle, jint which)
{
	const struct fi_info *info = FH_PTR(const struct fi_info *, handle);
	const char *text = NULL;

	(void)cls;
	switch (which) {
	case io_fabrichealth_jni_fabric_FabricInfo_T_PROVIDER:
		text = info->fabric_attr ? info->fabric_attr->prov_name : NULL;
		break;
	case io_fabrichealth_jni_fabric_FabricInfo_T_FABRIC:
		text = info->fabric_attr ? info->fabric_attr->name : NULL;
		break;
	case io_fabrichealth_jni_fabric_FabricInfo_T_DOMAIN:
		text = info->domain_attr ? info->domain_attr->name : NULL;
		break;
	default:
		break;
	}
	return text ? (*env)->NewStringUTF(env, text) : NULL;
}

/* Raw source (dest=false) or destination address bytes, or null when the entry has none. */
static jbyteArray address0(JNIEnv *env, jclass cls, jlong handle, jboolean dest)
{
	const struct fi_info *info = FH_PTR(const struct fi_info *, handle);
	const void *addr = dest ? info->dest_addr : info->src_addr;
	size_t len = dest ? info->dest_addrlen : info->src_addrlen;
	jbyteArray bytes;

	(void)cls;
	if (!addr || !len)
		return NULL;
	bytes = (*env)->NewByteArray(env, (jsize)len);
	if (bytes)
		(*env)->SetByteArrayRegion(env, bytes, 0, (jsize)len, addr);
	return bytes;
}

static jstring strerror0(JNIEnv *env, jclass cls, jint status)
{
	(void)cls;
	return (*env)->NewStringUTF(env, fabric.strerror(status < 0 ? -status : status));
}

static const JNINativeMethod methods[] = {
	{ "getinfo0", "(Ljava/lang/String;IJILjava/lang/String;Ljava/lang/String;JJJ)J", (void *)getinfo0 },
	{ "freeinfo0", "(J)V", (void *)freeinfo0 },
	{ "values0", "(J[J)I", (void *)values0 },
	{ "text0", "(JI)Ljava/lang/String;", (void *)text0 },
	{ "address0", "(JZ)[B", (void *)address0 },
	{ "strerror0", "(I)Ljava/lang/String;", (void *)strerror0 },
};

int fabric_info_register(JNIEnv *env)
{
	return fh_register(env, "io/fabrichealth/jni/fabric/FabricInfo", methods, FH_ARRAY_LEN(methods));
}
