/**
 * AF_RDS sockets ({@link io.fabrichealth.jni.rds.RdsSocket}) and the kernel's connection table
 * ({@link io.fabrichealth.jni.rds.RdsConnection}, RDS_INFO_CONNECTIONS), its statistics
 * ({@link io.fabrichealth.jni.rds.RdsCounters}, RDS_INFO_COUNTERS), in libfhrds.so; and the
 * {@code net.rds.ib.flow_control} setting ({@link io.fabrichealth.jni.rds.RdsFlowControl}).
 *
 * <p>Traps: RDS drops a message sent to a port nobody has bound yet, and closing a socket drops what it has not
 * sent; two local addresses over rds_tcp use the loopback transport (use two network namespaces); SO_SNDBUF is
 * capped by net.core.wmem_max, and a full queue or a congested peer port is ENOBUFS, returned as
 * {@link io.fabrichealth.jni.rds.RdsSocket#WOULD_BLOCK}. RDS RDMA (RDS_GET_MR, RDS_CMSG_RDMA_ARGS) needs rds_rdma.
 */
package io.fabrichealth.jni.rds;
