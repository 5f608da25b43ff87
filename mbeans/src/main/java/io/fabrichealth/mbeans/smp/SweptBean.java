package io.fabrichealth.mbeans.smp;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.management.Attribute;
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
    /**
     * Each class's getters by attribute name, as method handles: a poller reads every Port MBean in one request,
     * and StandardMBean calls each getter through two reflective calls (a trampoline, then the method).
     */
    private static final Map<Class<?>, Map<String, MethodHandle>> GETTERS = new ConcurrentHashMap<>();
    /**
     * The MBean whose getAttributes this thread is in, and the view it answers from. One per thread, not one
     * ThreadLocal per MBean, which would add and drop an entry in the thread's map for every MBean read.
     */
    private static final ThreadLocal<Pin> PINNED = ThreadLocal.withInitial(Pin::new);

    private volatile V view;

    <I> SweptBean(Class<I> iface, V first) {
        super(iface, false);
        this.view = first;
    }

    /** Called by the sweep's publisher: one reference write, seen whole by the next read. */
    final void show(V next) {
        this.view = next;
    }

    /** The view a getter reads. */
    @SuppressWarnings("unchecked")
    final V view() {
        Pin p = PINNED.get();
        return p.bean == this ? (V) p.view : view;
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

    /** As StandardMBean answers it: the attributes that could be read, in the order asked, the others left out. */
    @Override
    public AttributeList getAttributes(String[] attributes) {
        Map<String, MethodHandle> getters = GETTERS.computeIfAbsent(getClass(), c -> getters(getMBeanInterface()));
        AttributeList list = new AttributeList(attributes.length);
        Pin p = PINNED.get();
        Object outerBean = p.bean;
        Object outerView = p.view;
        p.bean = this;
        p.view = view;
        try {
            for (String name : attributes) {
                MethodHandle getter = getters.get(name);
                if (getter == null) {
                    continue;
                }
                try {
                    list.add(new Attribute(name, (Object) getter.invokeExact((Object) this)));
                } catch (Error e) {
                    throw e;
                } catch (Throwable e) {
                    // left out, as StandardMBean leaves out an attribute whose getter throws
                }
            }
        } finally {
            p.bean = outerBean;
            p.view = outerView;
        }
        return list;
    }

    /** The interface's getters (getX, or isX for a boolean) by attribute name, each typed (Object)Object. */
    private static Map<String, MethodHandle> getters(Class<?> iface) {
        Map<String, MethodHandle> getters = new HashMap<>();
        MethodType erased = MethodType.methodType(Object.class, Object.class);
        for (Method m : iface.getMethods()) {
            if (Modifier.isStatic(m.getModifiers()) || m.getParameterCount() != 0) {
                continue;
            }
            String n = m.getName();
            String attribute = n.startsWith("get") && n.length() > 3 && m.getReturnType() != void.class
                    ? n.substring(3)
                    : n.startsWith("is") && n.length() > 2 && m.getReturnType() == boolean.class ? n.substring(2)
                    : null;
            if (attribute != null) {
                try {
                    getters.put(attribute, MethodHandles.publicLookup().unreflect(m).asType(erased));
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(iface.getName() + " must be public to be an MBean interface", e);
                }
            }
        }
        return Map.copyOf(getters);
    }

    private static final class Pin {
        Object bean;
        Object view;
    }
}
