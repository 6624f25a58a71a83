// Self and total time by function from a V8 .cpuprofile: the rows the profile script prints (and reports
// quote). Self: samples whose innermost frame is the function. Total: samples with the function anywhere on
// the stack (each counted once), which is what a hot path's layers cost including what they call.
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

function where(frame, root) {
  const url = frame.url || '';
  let file = url;
  try {
    if (url.startsWith('file://')) file = relative(root, fileURLToPath(url));
  } catch {
    // keep the URL as it is
  }
  file = file.replace(/^.*node_modules\//, '');
  return file ? `${file}:${frame.lineNumber + 1}` : '';
}

/** Who a frame belongs to: Gatehouse's bundle, a package, Node itself, or native work (GC, syscalls). */
function owner(frame) {
  const url = frame.url || '';
  if (url.includes('/out/main/')) return 'gatehouse';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.startsWith('node:')) return 'node (JS)';
  return 'native (V8, GC, syscalls)';
}

const IDLE = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);

/** The top `count` functions by self time and by total time, as printable rows; only samples between `fromMs` and `untilMs` count. */
export function topFrames(profile, count, root, untilMs = Number.POSITIVE_INFINITY, fromMs = 0) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const keyOf = (node) => `${node.callFrame.functionName || '(anonymous)'}  ${where(node.callFrame, root)}`;
  const self = new Map();
  const total = new Map();
  const owners = new Map();
  let all = 0;
  let idle = 0;
  let clock = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    clock += (profile.timeDeltas[i] ?? 0) / 1000;
    if (clock > untilMs) break;
    if (clock < fromMs) continue;
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    all += dt;
    const node = byId.get(profile.samples[i]);
    if (node.callFrame.functionName === '(idle)') idle += dt;
    self.set(keyOf(node), (self.get(keyOf(node)) ?? 0) + dt);
    if (node.callFrame.functionName !== '(idle)') owners.set(owner(node.callFrame), (owners.get(owner(node.callFrame)) ?? 0) + dt);
    const seen = new Set();
    for (let id = node.id; id !== undefined; id = parent.get(id)) {
      const at = byId.get(id);
      if (IDLE.has(at.callFrame.functionName)) continue;
      const key = keyOf(at);
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + dt);
    }
  }
  const rows = (map) =>
    [...map.entries()]
      .filter(([key]) => !key.startsWith('(idle)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([key, ms]) => `${((ms / (all - idle)) * 100).toFixed(1).padStart(5)}%  ${ms.toFixed(1).padStart(8)} ms  ${key}`);
  return [
    `sampled ${all.toFixed(0)} ms, of which busy ${(all - idle).toFixed(0)} ms (percentages are of busy time)`,
    '',
    'self time by owner:',
    ...[...owners.entries()].sort((a, b) => b[1] - a[1]).map(([who, ms]) => `${((ms / (all - idle)) * 100).toFixed(1).padStart(5)}%  ${ms.toFixed(1).padStart(8)} ms  ${who}`),
    '',
    'self time:',
    ...rows(self),
    '',
    'total time (the function and what it calls):',
    ...rows(total),
  ];
}
