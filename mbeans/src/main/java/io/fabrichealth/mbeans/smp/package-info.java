/**
 * The SMP sweep's MBeans: {@code fabric.health:type=SmpProbe} (engine and sweep), one
 * {@code fabric.health:type=Node,guid=0x...} per node and one {@code fabric.health:type=Port,guid=0x...,port=n} per
 * port, all fed from the probe's published snapshot by {@link io.fabrichealth.mbeans.smp.SmpMBeans}. Getters never
 * send a MAD. Alarms are the alarm book's (type=Alarms), fed through the probe's AlarmSink.
 */
package io.fabrichealth.mbeans.smp;
