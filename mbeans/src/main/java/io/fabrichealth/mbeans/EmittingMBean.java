package io.fabrichealth.mbeans;

import javax.management.ListenerNotFoundException;
import javax.management.MBeanNotificationInfo;
import javax.management.NotCompliantMBeanException;
import javax.management.NotificationEmitter;
import javax.management.NotificationFilter;
import javax.management.NotificationListener;
import javax.management.StandardMBean;

/** A StandardMBean that forwards listener registration to an implementation which emits notifications. */
final class EmittingMBean<T> extends StandardMBean implements NotificationEmitter {
    private final NotificationEmitter emitter;

    EmittingMBean(T impl, Class<T> iface) throws NotCompliantMBeanException {
        super(impl, iface, false);
        this.emitter = (NotificationEmitter) impl;
    }

    @Override
    public void addNotificationListener(NotificationListener l, NotificationFilter f, Object handback) {
        emitter.addNotificationListener(l, f, handback);
    }

    @Override
    public void removeNotificationListener(NotificationListener l) throws ListenerNotFoundException {
        emitter.removeNotificationListener(l);
    }

    @Override
    public void removeNotificationListener(NotificationListener l, NotificationFilter f, Object handback)
            throws ListenerNotFoundException {
        emitter.removeNotificationListener(l, f, handback);
    }

    @Override
    public MBeanNotificationInfo[] getNotificationInfo() {
        return emitter.getNotificationInfo();
    }
}
