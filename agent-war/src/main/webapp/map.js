/*
 * The fabric map: reads the agent through Jolokia bulk requests (same origin, same policy, same BASIC auth) and
 * draws it with cytoscape.js. One request in flight at most; a refresh starts only after the last one ended.
 */
'use strict';
(function () {
  const REFRESH_MS = 3000;
  const TIMEOUT_MS = 10000;
  /* A leaf's hosts fold into one counted node when the fabric is large and the leaf has more hosts than this. */
  const FOLD_HOSTS_OVER = 8;
  const FOLD_WHEN_NODES_OVER = 120;
  const NODE_ATTRS = ['NodeGuid', 'NodeDescription', 'NodeType', 'Lid', 'Health', 'Answering', 'Local'];
  const PORT_ATTRS = ['NodeGuid', 'PortNumber', 'NodeDescription', 'PortState', 'PhysState', 'Health',
    'HealthReasons', 'Degraded', 'DegradedRemark', 'RemoteGuid', 'RemotePort', 'LinkWidthActive', 'LinkSpeedActive',
    'Answering'];
  const STATE_WORDS = { ok: 'OK', degraded: 'degraded', error: 'error threshold', down: 'down', suspect: 'suspect',
    unknown: 'unknown' };
  const SEVERITY_ORDER = { critical: 0, major: 1, minor: 2, warning: 3 };
  const $ = (id) => document.getElementById(id);

  const state = {
    nodes: new Map(),   // guid -> Node MBean values
    ports: new Map(),   // "guid/port" -> Port MBean values
    links: new Map(),   // link id -> {a, b} port keys; links seen once stay, so an unplugged cable shows as down
    structure: '',      // what the layout was computed from
    unfolded: new Set(),
    selected: null,     // {kind: 'link'|'node'|'port', id}
    suspects: new Set(),
    alarms: [],
    mayExec: null,      // null = not asked yet; true; or the reason why not
    lastOk: null,
    unreachableSince: null,
    refreshMillis: [],  // main-thread time of each refresh: JSON parse, model, restyle, lists, to the next frame
    interactiveAt: -1,  // ms after navigation start when the first map was drawn and painted
    firstLoad: null,    // where the time to interactive went: script ready, answer in, map drawn, painted
  };
  const scriptReadyAt = performance.now();

  /* ---------- Jolokia, one request at a time ---------- */
  let queue = Promise.resolve();
  let lastParseMillis = 0;
  function jolokia(requests) {
    const run = queue.then(() => post(requests));
    queue = run.catch(() => undefined);
    return run;
  }

  async function post(requests) {
    const ctl = new AbortController();
    const timer = setTimeout(() => ctl.abort(), TIMEOUT_MS);
    try {
      const r = await fetch('jolokia/', { method: 'POST', body: JSON.stringify(requests), cache: 'no-store',
        credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, signal: ctl.signal });
      if (!r.ok) {
        throw new Error('HTTP ' + r.status + (r.status === 403 ? ' (refused by the agent\'s policy)' : ''));
      }
      const text = await r.text();
      const t0 = performance.now();
      const answers = JSON.parse(text);
      lastParseMillis = performance.now() - t0;
      if (!Array.isArray(answers)) {
        throw new Error(answers.error || 'Jolokia answered something that is not a bulk answer');
      }
      return answers;
    } finally {
      clearTimeout(timer);
    }
  }

  const ok = (a) => a && a.status === 200;
  const values = (a) => (ok(a) && a.value && typeof a.value === 'object' ? Object.values(a.value) : []);
  const entries = (a) => (ok(a) && a.value && typeof a.value === 'object' ? Object.entries(a.value) : []);

  /* ---------- the refresh loop ---------- */
  function refreshRequests() {
    return [
      { type: 'read', mbean: 'fabric.health:type=Node,guid=*', attribute: NODE_ATTRS },
      { type: 'read', mbean: 'fabric.health:type=Port,guid=*,port=*', attribute: PORT_ATTRS },
      { type: 'read', mbean: 'fabric.health:type=Alarms', attribute: ['ActiveAlarms'] },
      { type: 'read', mbean: 'fabric.health:type=SmpProbe',
        attribute: ['Sweeps', 'LastSweep', 'NodesSeen', 'PortsSeen', 'LinksSeen', 'LastError', 'Mode'] },
      { type: 'read', mbean: 'fabric.health:type=PingPong,transport=*,peer=*',
        attribute: ['Peer', 'Result', 'FailureReason', 'RttP50Micros', 'RttP99Micros', 'Corruptions', 'LastRun'] },
      { type: 'read', mbean: 'fabric.health:type=BurstSuite,peer=*', attribute: ['Peer', 'Table', 'Summary', 'LastRun'] },
      { type: 'read', mbean: 'fabric.health:type=Fleet' },
      { type: 'read', mbean: 'fabric.health:type=Agent', attribute: ['Version', 'StartedAt'] },
    ];
  }

  async function refresh() {
    const started = performance.now();
    try {
      const answers = await jolokia(refreshRequests());
      const t0 = performance.now();
      const answerMillis = t0 - started;
      const parse = lastParseMillis;
      apply(answers);
      const script = performance.now() - t0;
      // Cytoscape paints in the next animation frame: charge that frame to this refresh too.
      requestAnimationFrame(() => setTimeout(() => {
        const frame = performance.now() - t0;
        state.refreshMillis.push({ parse, script, toFrame: frame + parse, answer: answerMillis });
        if (state.refreshMillis.length > 50) {
          state.refreshMillis.shift();
        }
        if (state.interactiveAt < 0) {
          state.interactiveAt = performance.now();
          state.firstLoad = { scriptReady: scriptReadyAt, answered: t0, drawn: t0 + script, painted: state.interactiveAt };
        }
      }, 0));
      state.lastOk = new Date();
      state.unreachableSince = null;
      document.body.classList.remove('stale');
      setStatus('live · ' + time(state.lastOk) + ' · ' + Math.round(performance.now() - started) + ' ms', 'live');
      if (state.mayExec === null) {
        askExec();
      }
    } catch (e) {
      unreachable(e);
    } finally {
      setTimeout(refresh, REFRESH_MS);
    }
  }

  function unreachable(e) {
    if (!state.unreachableSince) {
      state.unreachableSince = new Date();
    }
    document.body.classList.add('stale');
    // No stale colours: every link and node goes grey until the agent answers again.
    if (cy) {
      cy.batch(() => cy.elements().forEach((el) => {
        if (el.data('state') !== 'unknown') {
          el.data('state', 'unknown');
        }
      }));
    }
    setStatus('agent unreachable since ' + time(state.unreachableSince) + ' (' + e.message + ')', 'down');
  }

  function setStatus(text, cls) {
    const s = $('status');
    s.textContent = text;
    s.className = cls;
  }

  function time(d) {
    return d.toISOString().substring(11, 19) + ' UTC';
  }

  /* ---------- from MBeans to the model ---------- */
  function apply(a) {
    state.nodes = new Map(values(a[0]).map((n) => [n.NodeGuid, n]));
    state.ports = new Map(values(a[1]).map((p) => [p.NodeGuid + '/' + p.PortNumber, p]));
    for (const p of state.ports.values()) {
      if (p.RemoteGuid) {
        const me = p.NodeGuid + '/' + p.PortNumber;
        const peer = p.RemoteGuid + '/' + p.RemotePort;
        const id = me < peer ? me + '~' + peer : peer + '~' + me;
        if (!state.links.has(id)) {
          state.links.set(id, { a: me < peer ? me : peer, b: me < peer ? peer : me });
        }
      }
    }
    state.alarms = ok(a[2]) ? (a[2].value.ActiveAlarms || []) : [];
    const fleet = ok(a[6]) ? a[6].value : null;
    state.suspects = suspectPorts(state.alarms, fleet);
    if (ok(a[7])) {
      $('agent').textContent = 'agent ' + a[7].value.Version + ', started ' + a[7].value.StartedAt;
    }
    drawMap(ok(a[3]) ? a[3].value : null);
    drawProblems();
    drawAlarms();
    drawProbes(a[4], a[5]);
    drawFleet(fleet);
    if (state.selected) {
      showSelection(false);
    }
  }

  /*
   * Suspect links: an alarm's suspectLinks (the cables a run's path evidence names) and the Fleet MBean's
   * SuspectLinks (the cables every failing pair crosses); any port subject (0x<guid>/<port>) in them marks its link.
   */
  function suspectPorts(alarms, fleet) {
    const out = new Set();
    const scan = (v) => {
      const text = typeof v === 'string' ? v : JSON.stringify(v || '');
      for (const m of text.matchAll(/0x[0-9a-f]{16}\/\d+/g)) {
        out.add(m[0]);
      }
    };
    for (const al of alarms) {
      scan(al.suspectLinks);
      scan(al.SuspectLinks);
    }
    if (fleet && fleet.SuspectLinks) {
      scan(fleet.SuspectLinks);
    }
    return out;
  }

  function isCa(n) {
    return n && n.NodeType !== 'Switch';
  }

  function linkState(l) {
    const pa = state.ports.get(l.a);
    const pb = state.ports.get(l.b);
    if (state.suspects.has(l.a) || state.suspects.has(l.b)) {
      return 'suspect';
    }
    const ends = [pa, pb].filter(Boolean);
    if (ends.length === 0) {
      return 'unknown';
    }
    if (ends.some((p) => p.PortState === 'Down' || !p.RemoteGuid)) {
      return 'down';
    }
    if (ends.some((p) => p.Health !== 'OK' && !(p.Degraded && (p.HealthReasons || []).length <= 1))) {
      return 'error';
    }
    if (ends.some((p) => p.Degraded)) {
      return 'degraded';
    }
    return ends.every((p) => p.Answering) ? 'ok' : 'unknown';
  }

  const WORST = ['unknown', 'ok', 'degraded', 'error', 'down', 'suspect'];
  const worse = (x, y) => (WORST.indexOf(x) >= WORST.indexOf(y) ? x : y);

  function portName(key) {
    const [guid, port] = key.split('/');
    const n = state.nodes.get(guid);
    return (n ? n.NodeDescription : guid) + '[' + port + ']';
  }

  function remark(l) {
    const r = [state.ports.get(l.a), state.ports.get(l.b)].map((p) => p && p.DegradedRemark).filter(Boolean);
    return [...new Set(r)].join(' / ');
  }

  /* ---------- tiers, from the graph ---------- */
  function tiers() {
    // HCAs are tier 0; a switch sits one above its nearest HCA (leaves 1, spines 2, ...). Names play no part.
    const adj = new Map();
    for (const l of state.links.values()) {
      const ga = l.a.split('/')[0];
      const gb = l.b.split('/')[0];
      if (!adj.has(ga)) adj.set(ga, new Set());
      if (!adj.has(gb)) adj.set(gb, new Set());
      adj.get(ga).add(gb);
      adj.get(gb).add(ga);
    }
    const tier = new Map();
    let frontier = [];
    for (const [g, n] of state.nodes) {
      if (isCa(n)) {
        tier.set(g, 0);
        frontier.push(g);
      }
    }
    while (frontier.length) {
      const next = [];
      for (const g of frontier) {
        for (const h of adj.get(g) || []) {
          if (!tier.has(h) && state.nodes.has(h) && !isCa(state.nodes.get(h))) {
            tier.set(h, tier.get(g) + 1);
            next.push(h);
          }
        }
      }
      frontier = next;
    }
    for (const g of state.nodes.keys()) {
      if (!tier.has(g)) {
        tier.set(g, 1); // a switch with no host below it still belongs above the hosts
      }
    }
    return { tier, adj };
  }

  /* ---------- drawing ---------- */
  let cy = null;

  function initCy() {
    cy = cytoscape({
      container: $('map'),
      boxSelectionEnabled: false,
      wheelSensitivity: 0.3,
      minZoom: 0.05,
      maxZoom: 4,
      style: [
        { selector: 'node', style: { 'background-color': '#30363d', 'border-width': 2, 'border-color': '#8b949e',
          label: 'data(label)', color: '#e6edf3', 'font-size': 11, 'text-valign': 'bottom', 'text-margin-y': 3,
          width: 26, height: 26, 'text-outline-color': '#0d1117', 'text-outline-width': 2 } },
        { selector: 'node[kind="switch"]', style: { shape: 'round-rectangle', width: 44, height: 22 } },
        { selector: 'node[kind="hca"]', style: { shape: 'ellipse', width: 16, height: 16 } },
        { selector: 'node[kind="fold"]', style: { shape: 'round-tag', width: 34, height: 22,
          'border-style': 'double', 'border-width': 4 } },
        { selector: 'node[health="WARN"]', style: { 'border-color': '#d29922', 'border-style': 'dashed' } },
        { selector: 'node[health="CRIT"]', style: { 'border-color': '#f85149', 'border-width': 4 } },
        { selector: 'node[state="unknown"]', style: { 'border-color': '#6e7681', 'border-style': 'solid' } },
        { selector: 'edge', style: { width: 2, 'curve-style': 'bezier', 'control-point-step-size': 14,
          'line-color': '#3fb950', 'font-size': 10, color: '#e6edf3', 'text-outline-color': '#0d1117',
          'text-outline-width': 2 } },
        { selector: 'edge[state="degraded"]', style: { 'line-color': '#d29922', 'line-style': 'dashed', 'line-dash-pattern': [6, 3], width: 3,
          label: 'data(remark)' } },
        { selector: 'edge[state="error"]', style: { 'line-color': '#f85149', width: 6 } },
        // Dots drawn as short dashes: cytoscape's 'dotted' at this width reads as a solid line.
        { selector: 'edge[state="down"]', style: { 'line-color': '#a371f7', 'line-style': 'dashed',
          'line-dash-pattern': [2, 7], width: 3 } },
        { selector: 'edge[state="suspect"]', style: { 'line-color': '#ff7ce0', 'line-style': 'dashed',
          'line-dash-pattern': [10, 3, 2, 3], width: 5 } },
        { selector: 'edge[state="unknown"]', style: { 'line-color': '#6e7681', width: 1, 'line-style': 'solid' } },
        { selector: '.highlight', style: { 'overlay-color': '#58a6ff', 'overlay-opacity': 0.35, 'overlay-padding': 6 } },
        { selector: ':selected', style: { 'overlay-color': '#58a6ff', 'overlay-opacity': 0.25, 'overlay-padding': 4 } },
      ],
    });
    cy.on('tap', 'edge', (e) => select({ kind: 'link', id: e.target.id() }));
    cy.on('tap', 'node[kind!="fold"]', (e) => select({ kind: 'node', id: e.target.id() }));
    cy.on('tap', 'node[kind="fold"]', (e) => {
      state.unfolded.add(e.target.data('leaf'));
      state.structure = '';
      drawMap(null);
    });
  }

  /* Which nodes are drawn, where, and which edge each link becomes. */
  function layout() {
    const { tier, adj } = tiers();
    const fold = state.nodes.size > FOLD_WHEN_NODES_OVER;
    const byTier = new Map();
    for (const [g, t] of tier) {
      if (!byTier.has(t)) byTier.set(t, []);
      byTier.get(t).push(g);
    }
    const top = Math.max(...byTier.keys(), 1);
    const name = (g) => (state.nodes.get(g) || {}).NodeDescription || g;
    const leafOf = new Map(); // HCA -> the switch its first link leads to
    for (const g of byTier.get(0) || []) {
      const up = [...(adj.get(g) || [])].filter((h) => tier.get(h) === 1).sort((x, y) => name(x).localeCompare(name(y)));
      leafOf.set(g, up[0] || '');
    }
    const hostsOf = new Map();
    for (const [h, leaf] of leafOf) {
      if (!hostsOf.has(leaf)) hostsOf.set(leaf, []);
      hostsOf.get(leaf).push(h);
    }
    const drawnAs = new Map(); // guid -> element id it is drawn as (itself, or its leaf's fold node)
    const nodes = [];
    const X = 70;
    const Y = 130;
    const HOST_X = 56;
    // Leaves first: their order fixes the hosts' order below them and the spines' spread above.
    const leaves = (byTier.get(1) || []).sort((x, y) => name(x).localeCompare(name(y)));
    let x = 0;
    const leafX = new Map();
    for (const leaf of [...leaves, '']) {
      const hosts = (hostsOf.get(leaf) || []).sort((p, q) => name(p).localeCompare(name(q)));
      const folded = fold && leaf && hosts.length > FOLD_HOSTS_OVER && !state.unfolded.has(leaf);
      const start = x;
      if (folded) {
        const id = 'fold:' + leaf;
        nodes.push({ data: { id, kind: 'fold', leaf, label: hosts.length + ' hosts', count: hosts.length },
          position: { x, y: top * Y } });
        hosts.forEach((h) => drawnAs.set(h, id));
        x += X;
      } else {
        for (const h of hosts) {
          nodes.push(nodeElement(h, 'hca', x, top * Y));
          drawnAs.set(h, h);
          x += HOST_X;
        }
      }
      if (leaf) {
        const mid = hosts.length ? (start + x - (folded ? X : HOST_X)) / 2 : x;
        leafX.set(leaf, mid);
        nodes.push(nodeElement(leaf, 'switch', mid, (top - 1) * Y));
        drawnAs.set(leaf, leaf);
        x = Math.max(x, mid + X) + X / 2;
      }
    }
    const width = Math.max(x, X);
    for (let t = 2; t <= top; t++) {
      const row = (byTier.get(t) || []).sort((p, q) => name(p).localeCompare(name(q)));
      row.forEach((g, i) => {
        nodes.push(nodeElement(g, 'switch', (width * (i + 0.5)) / row.length, (top - t) * Y));
        drawnAs.set(g, g);
      });
    }
    const edges = new Map();
    for (const [id, l] of state.links) {
      const ea = drawnAs.get(l.a.split('/')[0]);
      const eb = drawnAs.get(l.b.split('/')[0]);
      if (!ea || !eb) continue;
      const folded = ea.startsWith('fold:') || eb.startsWith('fold:');
      const eid = folded ? 'agg:' + (ea < eb ? ea + '~' + eb : eb + '~' + ea) : id;
      if (!edges.has(eid)) {
        edges.set(eid, { data: { id: eid, source: ea, target: eb, links: [] } });
      }
      edges.get(eid).data.links.push(id);
    }
    return { elements: nodes.concat([...edges.values()]), drawnAs };
  }

  function nodeElement(g, kind, x, y) {
    const n = state.nodes.get(g) || {};
    return { data: { id: g, kind, label: n.NodeDescription || g }, position: { x, y } };
  }

  let drawnAs = new Map();

  function drawMap(smp) {
    if (!cy) {
      initCy();
    }
    // The layout is recomputed only when the set of nodes or cables changes; a refresh only restyles.
    const structure = state.nodes.size + ':' + [...state.nodes.keys()].sort().join(',') + '|' + state.links.size
      + '|' + [...state.unfolded].join(',');
    if (structure !== state.structure) {
      state.structure = structure;
      const l = layout();
      drawnAs = l.drawnAs;
      cy.batch(() => {
        cy.elements().remove();
        cy.add(l.elements);
      });
      cy.fit(undefined, 30);
      if (cy.zoom() > 1.2) {
        cy.zoom(1.2); // a small fabric stays at a readable size instead of filling the pane
        cy.center();
      }
      // Find's suggestions can wait until the map is on screen.
      (window.requestIdleCallback || setTimeout)(fillNames);
    }
    // Only what changed is set: an unchanged fabric costs no restyle and no repaint.
    const set = (el, key, value) => {
      if (el.data(key) !== value) {
        el.data(key, value);
      }
    };
    cy.batch(() => {
      cy.nodes().forEach((el) => {
        if (el.data('kind') === 'fold') {
          set(el, 'state', 'ok');
          return;
        }
        const n = state.nodes.get(el.id());
        set(el, 'health', n ? n.Health : 'unknown');
        set(el, 'state', n && n.Answering ? 'ok' : 'unknown');
      });
      cy.edges().forEach((el) => {
        let s = 'unknown';
        const remarks = [];
        for (const id of el.data('links')) {
          const link = state.links.get(id);
          s = el.data('links').length === 1 ? linkState(link) : worse(s, linkState(link));
          const r = remark(link);
          if (r && !remarks.includes(r)) remarks.push(r);
        }
        set(el, 'state', s);
        set(el, 'remark', remarks.join(' / '));
      });
    });
    if (smp) {
      const c = counts();
      $('summary').textContent = c.switches + ' switches, ' + c.hcas + ' HCAs, ' + c.links + ' links drawn · sweep '
        + smp.Sweeps + ' at ' + (smp.LastSweep || 'never') + (smp.LastError ? ' · ' + smp.LastError : '');
    }
  }

  function counts() {
    let switches = 0;
    let hcas = 0;
    cy.nodes().forEach((n) => {
      if (n.data('kind') === 'switch') switches++;
      else if (n.data('kind') === 'hca') hcas++;
      else hcas += n.data('count');
    });
    let links = 0;
    cy.edges().forEach((e) => { links += e.data('links').length; });
    return { switches, hcas, links };
  }

  function fillNames() {
    const opts = [];
    for (const n of state.nodes.values()) {
      opts.push(n.NodeDescription);
    }
    for (const key of state.ports.keys()) {
      opts.push(portName(key));
    }
    $('names').replaceChildren(...opts.sort().slice(0, 5000).map((v) => {
      const o = document.createElement('option');
      o.value = v;
      return o;
    }));
  }

  /* ---------- selection and details ---------- */
  function select(sel, focus) {
    state.selected = sel;
    cy.elements().unselect();
    const el = elementFor(sel);
    if (el) {
      el.select();
      cy.animate({ center: { eles: el } }, { duration: 200 });
    }
    showSelection(true);
    if (focus) {
      $('details').focus();
    }
  }

  function elementFor(sel) {
    if (sel.kind === 'link') {
      const link = state.links.get(sel.id);
      const direct = cy.getElementById(sel.id);
      if (direct.nonempty()) return direct;
      return link ? cy.edges().filter((e) => e.data('links').includes(sel.id)) : null;
    }
    const guid = sel.kind === 'port' ? sel.id.split('/')[0] : sel.id;
    const drawn = cy.getElementById(drawnAs.get(guid) || guid);
    return drawn.nonempty() ? drawn : null;
  }

  function showSelection(fresh) {
    const sel = state.selected;
    let keys = [];
    let title = '';
    if (sel.kind === 'link') {
      const l = state.links.get(sel.id);
      if (!l) return;
      keys = [l.a, l.b];
      title = portName(l.a) + ' ↔ ' + portName(l.b) + ': ' + STATE_WORDS[linkState(l)];
    } else if (sel.kind === 'port') {
      keys = [sel.id];
      title = portName(sel.id);
    } else {
      const n = state.nodes.get(sel.id);
      title = n ? n.NodeDescription + ' (' + n.NodeType + ', LID ' + n.Lid + ', ' + n.Health + ')' : sel.id;
      keys = [...state.ports.keys()].filter((k) => k.startsWith(sel.id + '/'));
    }
    if (!fresh) {
      return; // port details are read on selection; a refresh leaves them, to keep refreshes cheap
    }
    const d = $('details');
    d.replaceChildren(h('h2', {}, title));
    if (sel.kind === 'node') {
      const t = h('table', {}, h('tr', {}, ...['port', 'state', 'health', 'to'].map((c) => h('th', {}, c))));
      for (const k of keys) {
        const p = state.ports.get(k);
        const b = h('button', { class: 'linkbtn' }, k.split('/')[1]);
        b.onclick = () => select({ kind: 'port', id: k }, true);
        t.append(h('tr', {}, h('td', {}, b), h('td', {}, p.PortState + ' / ' + p.PhysState), h('td', {}, p.Health),
          h('td', {}, p.RemoteGuid ? portName(p.RemoteGuid + '/' + p.RemotePort) : '')));
      }
      d.append(t);
      return;
    }
    const reqs = keys.map((k) => ({ type: 'read', mbean: 'fabric.health:type=Port,guid=' + k.split('/')[0]
      + ',port=' + k.split('/')[1] }));
    jolokia(reqs).then((answers) => {
      if (state.selected !== sel) return;
      answers.forEach((a, i) => d.append(portDetails(keys[i], a)));
    }, (e) => d.append(h('p', { class: 'note' }, 'cannot read the port: ' + e.message)));
  }

  function portDetails(key, a) {
    const box = h('div', { class: 'port' }, h('h2', {}, portName(key)));
    if (!ok(a)) {
      box.append(h('p', { class: 'note' }, a ? a.error : 'no answer'));
      return box;
    }
    const p = a.value;
    const rows = [['state', p.PortState + ' / ' + p.PhysState], ['health', p.Health],
      ['why', (p.HealthReasons || []).join('; ')], ['width', p.LinkWidthActive + ' (enabled ' + p.LinkWidthEnabled + ')'],
      ['speed', p.LinkSpeedActive + ' (enabled ' + p.LinkSpeedEnabled + ')'], ['degraded', p.DegradedRemark || 'no'],
      ['LID', p.Lid], ['port GUID', p.PortGuid], ['swept', p.LastSweep], ['counters read', p.CountersReadAt],
      ['counters problem', p.CountersProblem], ['swept by', p.SweptBy]];
    const t = h('table', {});
    for (const [k, v] of rows) {
      if (v !== '' && v !== undefined) t.append(h('tr', {}, h('th', {}, k), h('td', {}, String(v))));
    }
    box.append(t);
    const deltas = Object.entries(p.CounterDeltas || {}).filter(([, v]) => v > 0);
    box.append(h('h2', {}, 'Counter deltas, last sweep'));
    box.append(deltas.length ? h('table', {}, ...deltas.map(([k, v]) => h('tr', {}, h('th', {}, k), h('td', {}, String(v)))))
      : h('p', { class: 'muted' }, 'no counter moved'));
    box.append(h('h2', {}, 'Last ' + (p.History || []).length + ' sweeps'));
    box.append(chart(p.History || []));
    return box;
  }

  /* Errors per sweep as bars, transmitted data as a line, and the verdict as a strip with a letter. */
  function chart(history) {
    const W = 300;
    const H = 90;
    const n = Math.max(history.length, 1);
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('viewBox', '0 0 ' + W + ' ' + H);
    svg.setAttribute('class', 'chart');
    svg.setAttribute('role', 'img');
    const maxErr = Math.max(1, ...history.map((r) => r.errorDelta));
    const maxData = Math.max(1, ...history.map((r) => r.xmitDataWordsDelta));
    const bw = W / n;
    const colour = { OK: '#3fb950', WARN: '#d29922', CRIT: '#f85149' };
    let line = '';
    history.forEach((r, i) => {
      const x = i * bw;
      svg.append(svgEl('rect', { x, y: H - 8, width: Math.max(bw - 1, 1), height: 8, fill: colour[r.health] || '#6e7681' }));
      if (r.errorDelta > 0) {
        const bh = ((H - 14) * r.errorDelta) / maxErr;
        svg.append(svgEl('rect', { x, y: H - 10 - bh, width: Math.max(bw - 1, 1), height: bh, fill: '#f85149' }));
      }
      if (r.xmitDataWordsDelta >= 0) {
        line += (line ? ' ' : '') + (x + bw / 2).toFixed(1) + ',' + (H - 10 - ((H - 14) * r.xmitDataWordsDelta) / maxData).toFixed(1);
      }
    });
    if (line) svg.append(svgEl('polyline', { points: line, fill: 'none', stroke: '#58a6ff', 'stroke-width': 1.5 }));
    const errors = history.reduce((s, r) => s + Math.max(r.errorDelta, 0), 0);
    const worst = history.some((r) => r.health === 'CRIT') ? 'CRIT' : history.some((r) => r.health === 'WARN') ? 'WARN' : 'OK';
    const title = svgEl('title', {});
    title.textContent = history.length + ' sweeps: ' + errors + ' error counts (red bars), data sent (blue line), worst verdict ' + worst + ' (strip)';
    svg.append(title);
    const box = h('div', {}, svg, h('p', { class: 'muted' }, title.textContent));
    return box;
  }

  function svgEl(name, attrs) {
    const e = document.createElementNS('http://www.w3.org/2000/svg', name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    return e;
  }

  function h(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    for (const c of children) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
    return e;
  }

  /*
   * A list is rebuilt only when what it shows changed: a rebuild every refresh would cost time and take the
   * keyboard focus away from whoever is tabbing through it.
   */
  const shown = new Map();
  function changed(list, content) {
    const sig = JSON.stringify(content);
    if (shown.get(list) === sig) {
      return false;
    }
    shown.set(list, sig);
    return true;
  }

  /* ---------- links not OK (the keyboard's way into the map) ---------- */
  function drawProblems() {
    const rows = [];
    for (const [id, l] of state.links) {
      const s = linkState(l);
      if (s !== 'ok') rows.push([id, l, s]);
    }
    rows.sort((x, y) => WORST.indexOf(y[2]) - WORST.indexOf(x[2]));
    if (!changed('problems', rows.map(([id, l, st]) => [id, st, remark(l), portName(l.a), portName(l.b)]))) {
      return;
    }
    $('problems').replaceChildren(...rows.slice(0, 200).map(([id, l, s]) => {
      const b = h('button', { class: 'linkbtn', 'data-link': id },
        portName(l.a) + ' ↔ ' + portName(l.b));
      b.onclick = () => select({ kind: 'link', id }, true);
      const r = remark(l);
      return h('li', { 'data-state': s }, h('span', { class: 'sev state-' + s }, STATE_WORDS[s]), b, r ? ' ' + r : '');
    }));
    if (!rows.length) $('problems').replaceChildren(h('li', { class: 'muted' }, 'every link is OK'));
  }

  /* ---------- alarms ---------- */
  function drawAlarms() {
    const list = [...state.alarms].sort((x, y) => String(y.raisedAt).localeCompare(String(x.raisedAt)));
    if (!changed('alarms', [list, state.mayExec])) {
      return;
    }
    $('alarm-count').textContent = '(' + list.length + ' active)';
    $('alarms').replaceChildren(...list.map((al) => {
      const subject = h('button', { class: 'linkbtn subject' }, al.kind + ' · ' + al.subject);
      subject.title = al.details;
      subject.onclick = () => highlight(al.subject);
      const ack = h('button', { class: 'ack', 'data-alarm': al.id }, al.acknowledged ? 'acknowledged' : 'Acknowledge');
      if (al.acknowledged) {
        ack.disabled = true;
        ack.title = 'by ' + al.acknowledgedBy + ' at ' + al.acknowledgedAt;
      } else if (state.mayExec !== true) {
        ack.disabled = true;
        ack.title = state.mayExec === null ? 'asking the agent whether this browser may acknowledge' : state.mayExec;
        ack.textContent = 'Acknowledge (not allowed)';
      } else {
        ack.onclick = () => acknowledge(al, ack);
      }
      return h('li', { 'data-alarm': al.id, 'data-kind': al.kind },
        h('span', { class: 'sev sev-' + String(al.severity).toLowerCase() }, al.severity),
        h('span', { class: 'muted' }, String(al.raisedAt).substring(11, 19)), subject, ack,
        h('span', { class: 'muted' }, al.details));
    }));
    $('exec-note').textContent = state.mayExec === true || state.mayExec === null ? '' : state.mayExec;
  }

  async function askExec() {
    // A call to an operation that does not exist changes nothing, but goes through the same policy as a real one.
    try {
      const [a] = await jolokia([{ type: 'exec', mbean: 'fabric.health:type=Alarms', operation: 'mayThisBrowserExec' }]);
      state.mayExec = a.status === 403
        ? 'Acknowledge is refused from this address: the agent allows operations from its own host only'
          + ' (http.execFromLoopbackOnly); use ./fabric-health or a browser on the agent host.'
        : true;
    } catch (e) {
      state.mayExec = e.message.includes('403')
        ? 'Acknowledge is refused by the agent\'s policy (' + e.message + ').' : null;
    }
    drawAlarms();
  }

  async function acknowledge(al, button) {
    button.disabled = true;
    button.textContent = 'acknowledging…';
    try {
      const [a] = await jolokia([{ type: 'exec', mbean: 'fabric.health:type=Alarms', operation: 'acknowledge',
        arguments: [al.id, 'map at ' + location.host] }]);
      button.textContent = ok(a) ? String(a.value) : 'refused: ' + a.error;
    } catch (e) {
      button.textContent = 'failed: ' + e.message;
    }
  }

  /* A host named by an alarm or by Find comes out of its leaf's fold. */
  function unfoldFor(guid) {
    const drawn = drawnAs.get(guid) || '';
    if (drawn.startsWith('fold:')) {
      state.unfolded.add(drawn.substring(5));
      state.structure = '';
      drawMap(null);
    }
  }

  function highlight(subject) {
    const named = /0x[0-9a-f]{16}/.exec(subject);
    if (named) {
      unfoldFor(named[0]);
    }
    cy.elements().removeClass('highlight');
    const port = /^(0x[0-9a-f]{16})\/(\d+)$/.exec(subject);
    let target = null;
    if (port) {
      const key = port[1] + '/' + port[2];
      const id = [...state.links.keys()].find((k) => k.split('~').includes(key));
      state.selected = id ? { kind: 'link', id } : { kind: 'port', id: key };
      target = elementFor(state.selected);
      showSelection(true);
    } else {
      const guid = /0x[0-9a-f]{16}/.exec(subject);
      const byName = [...state.nodes.values()].find((n) => subject.includes(n.NodeDescription));
      const g = guid ? guid[0] : byName ? byName.NodeGuid : null;
      if (g) {
        unfoldFor(g);
        state.selected = { kind: 'node', id: g };
        target = elementFor(state.selected);
        showSelection(true);
      }
    }
    if (target) {
      target.addClass('highlight');
      cy.animate({ center: { eles: target } }, { duration: 200 });
    } else {
      setStatus($('status').textContent.split(' · no map subject')[0] + ' · no map subject for ' + subject, 'live');
    }
  }

  /* ---------- probes ---------- */
  function drawProbes(pingpongs, suites) {
    if (!changed('probes', [pingpongs && pingpongs.value, suites && suites.value])) {
      return;
    }
    const rows = entries(pingpongs).map(([name, v]) => [/transport=([^,]+)/.exec(name)[1], v])
      .sort((x, y) => (x[1].Peer + x[0]).localeCompare(y[1].Peer + y[0]));
    const t = h('table', {}, h('tr', {}, ...['peer', 'transport', 'result', 'RTT p50 µs', 'RTT p99 µs', 'corruptions',
      'last run'].map((c) => h('th', {}, c))));
    for (const [transport, v] of rows) {
      t.append(h('tr', { class: v.Corruptions > 0 ? 'state-error' : '' }, h('td', {}, v.Peer), h('td', {}, transport),
        h('td', { title: v.FailureReason }, v.Result || 'never ran'), h('td', {}, num(v.RttP50Micros)),
        h('td', {}, num(v.RttP99Micros)), h('td', {}, v.Corruptions), h('td', {}, v.LastRun)));
    }
    $('pingpongs').replaceChildren(h('h2', {}, 'Ping-pong'), rows.length ? t : h('p', { class: 'muted' }, 'no ping-pong peers'));
    const bursts = values(suites).sort((x, y) => x.Peer.localeCompare(y.Peer));
    $('bursts').replaceChildren(h('h2', {}, 'Burst suite (fabtrun)'), ...(bursts.length ? bursts.map((b) =>
      h('div', {}, h('p', {}, b.Peer + ': ' + (b.Summary || 'never ran') + (b.LastRun ? ' at ' + b.LastRun : '')),
        b.Table ? h('pre', {}, b.Table) : '')) : [h('p', { class: 'muted' }, 'no burst peers')]));
  }

  function num(v) {
    return v < 0 ? '–' : Number(v).toFixed(1);
  }

  /* ---------- fleet ---------- */
  function drawFleet(f) {
    if (!changed('fleet', f)) {
      return;
    }
    if (!f) {
      $('fleet').replaceChildren(h('p', { class: 'muted' }, 'this agent has no fleet MBean'));
      return;
    }
    const members = f.Members || [];
    const mt = h('table', {}, h('tr', {}, ...['name', 'host', 'version', 'nodes', 'joined', 'problem'].map((c) => h('th', {}, c))));
    for (const m of members) {
      mt.append(h('tr', {}, h('td', {}, m.name + (m.oldest ? ' (oldest)' : '')), h('td', {}, m.host), h('td', {}, m.version),
        h('td', {}, m.nodes), h('td', {}, m.joinedAt), h('td', {}, m.problem)));
    }
    const matrix = f.PeerMatrix || [];
    const names = [...new Set(matrix.flatMap((r) => [r.from, r.to]))].sort();
    const cell = new Map(matrix.map((r) => [r.from + '→' + r.to, r]));
    const rtts = matrix.map((r) => r.rttP50Micros).filter((v) => v > 0);
    const lo = Math.log(Math.min(...rtts, 1));
    const hi = Math.log(Math.max(...rtts, 2));
    const heat = h('table', { class: 'heat', 'aria-label': 'RTT p50 from row to column, microseconds' },
      h('tr', {}, h('th', {}, 'from \\ to'), ...names.map((n) => h('th', {}, n))));
    for (const from of names) {
      const tr = h('tr', {}, h('th', {}, from));
      for (const to of names) {
        const r = cell.get(from + '→' + to);
        if (!r) {
          tr.append(h('td', { class: 'cell none' }, from === to ? '·' : '–'));
          continue;
        }
        const cls = 'cell' + (r.result === 'FAIL' ? ' fail' : '') + (r.corruptions > 0 ? ' corrupt' : '');
        const td = h('td', { class: cls, title: r.result + ', ' + r.corruptions + ' corruptions, at ' + r.at },
          r.result === 'FAIL' ? '✕ FAIL' : r.rttP50Micros < 0 ? r.result : Math.round(r.rttP50Micros));
        if (r.result !== 'FAIL' && r.rttP50Micros > 0) {
          const k = hi > lo ? (Math.log(r.rttP50Micros) - lo) / (hi - lo) : 0;
          td.style.background = 'hsl(' + Math.round(120 - 120 * k) + ', 60%, 55%)';
        }
        tr.append(td);
      }
      heat.append(tr);
    }
    $('fleet').replaceChildren(h('p', {}, f.State || ''), mt,
      h('h2', {}, 'Peer matrix: RTT p50 µs (green fast, red slow; ✕ failed, ☠ corruptions)'),
      names.length ? heat : h('p', { class: 'muted' }, 'no peer runs yet'));
  }

  /* ---------- keyboard: the map pans and zooms, Find and the lists select ---------- */
  $('map').addEventListener('keydown', (e) => {
    const step = 60;
    const moves = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    if (moves[e.key]) {
      cy.panBy({ x: moves[e.key][0], y: moves[e.key][1] });
    } else if (e.key === '+' || e.key === '=') {
      cy.zoom({ level: cy.zoom() * 1.25, renderedPosition: { x: cy.width() / 2, y: cy.height() / 2 } });
    } else if (e.key === '-') {
      cy.zoom({ level: cy.zoom() / 1.25, renderedPosition: { x: cy.width() / 2, y: cy.height() / 2 } });
    } else if (e.key === '0') {
      cy.fit(undefined, 30);
    } else {
      return;
    }
    e.preventDefault();
  });

  $('find').addEventListener('keydown', (e) => {
    if (e.key !== 'Enter') return;
    const q = e.target.value.trim();
    const m = /^(.*)\[(\d+)\]$/.exec(q);
    if (m) {
      const n = [...state.nodes.values()].find((x) => x.NodeDescription === m[1]);
      if (n) highlight(n.NodeGuid + '/' + m[2]);
    } else if (/^0x[0-9a-f]{16}(\/\d+)?$/.test(q)) {
      highlight(q);
    } else {
      const n = [...state.nodes.values()].find((x) => x.NodeDescription === q);
      if (n) highlight(n.NodeGuid);
    }
  });

  /* What the browser tests and the benchmark read: what is drawn, never the MBeans again. */
  window.fabricMap = {
    counts: () => counts(),
    cy: () => cy,
    edgeFor: (nodeDescription, port) => {
      const n = [...state.nodes.values()].find((x) => x.NodeDescription === nodeDescription);
      const key = n && n.NodeGuid + '/' + port;
      const id = key && [...state.links.keys()].find((k) => k.split('~').includes(key));
      const el = id && elementFor({ kind: 'link', id });
      return el && el.nonempty() ? { state: el.data('state'), lineStyle: el.style('line-style'),
        dash: el.style('line-style') === 'solid' ? '' : String(el.style('line-dash-pattern')),
        width: el.style('width'), color: el.style('line-color') } : null;
    },
    refreshMillis: () => [...state.refreshMillis],
    interactiveAt: () => state.interactiveAt,
    firstLoad: () => state.firstLoad,
    ready: () => state.lastOk !== null && cy !== null && cy.nodes().length > 0,
    unfold: (leafDescription) => {
      const n = [...state.nodes.values()].find((x) => x.NodeDescription === leafDescription);
      if (n) {
        state.unfolded.add(n.NodeGuid);
        state.structure = '';
        drawMap(null);
      }
    },
  };

  refresh();
})();
