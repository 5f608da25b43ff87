/**
 * RC connections through librdmacm for krping's loop, in libfhverbs.so: {@link
 * io.fabrichealth.jni.verbs.VerbsListener} and {@link io.fabrichealth.jni.verbs.VerbsConnection} (PD, CQ on a
 * completion channel, QP), {@link io.fabrichealth.jni.verbs.VerbsMemory} (ibv_reg_mr) and
 * {@link io.fabrichealth.jni.verbs.Completions}. The loop itself is Java's.
 *
 * <p>Traps: RDMA READ needs initiator_depth and responder_resources in the connection parameters (both 1 here);
 * rxe on {@code lo} does not work, and rxe inside a network namespace never connects on 6.1.
 */
package io.fabrichealth.jni.verbs;
