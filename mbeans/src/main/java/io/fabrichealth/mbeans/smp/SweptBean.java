package io.fabrichealth.mbeans.smp;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.management.AttributeList;
import javax.management.MBeanInfo;
import javax.management.StandardMBean;

/**
 * An MBean showing what one sweep left: the sweeper swaps one immutable view in whole ({@link #show}), getters never
 * lock, and a read of several attributes in one call ({@code getAttributes}, which Jolokia and jmx_exporter use)
 * answers every attribute from the same view, never a mix of two sweeps.
 *
 * @param <V> the view: immutable, built once per sweep with everything a read would otherwise redo
 */
abstract class SweptBean<V> extends StandardMBean {
    /**
     * One MBeanInfo per class, not per MBean: it depends on the class only, and StandardMBean would otherwise keep
     * a copy in each of the 14,000 Port and Node MBeans of a 10,000-port fabric.
     */
    private static final Map<Class<?>, MBeanInfo> INFO = new ConcurrentHashMap<>();
    private volatile V view;
    /** The view a getAttributes call on this thread is answering from; empty outside one. */
    private final ThreadLocal<V> pinned = new ThreadLocal<>();

    <I> SweptBean(Class<I> iface, V first) {
        super(iface, false);
        this.view = first;
    }

    /** Called by the sweep's publisher: one reference write, seen whole by the next read. */
    final void show(V next) {
        this.view = next;
    }

    /** The view a getter reads. */
    final V view() {
        V p = pinned.get();
        return p != null ? p : view;
    }

    @Override
    protected MBeanInfo getCachedMBeanInfo() {
        return INFO.get(getClass());
    }

    @Override
    protected void cacheMBeanInfo(MBeanInfo info) {
        if (info != null) {
            INFO.putIfAbsent(getClass(), info);
        }
    }

    @Override
    public AttributeList getAttributes(String[] attributes) {
        pinned.set(view);
        try {
            return super.getAttributes(attributes);
        } finally {
            pinned.remove();
        }
    }
}
