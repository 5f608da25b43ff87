/**
 * Routes, as ibtracert traces them: switches' LinearForwardingTables read in 64-LID blocks through the sweep's
 * engine (only the blocks a route needs, cached until the switch's SwitchInfo or the topology changes), and the
 * hop-by-hop path between two LIDs over the cables the sweep found.
 */
package io.fabrichealth.probes.smp.route;
