// Render benchmark (npm run bench; never a test): the built control panel in Debian's Chromium with 500
// server rows whose health is pushed 10 times a second, as the core's snapshots would arrive. A stand-in
// bridge serves the channels (no core: this measures the renderer alone). Reported from the browser's
// performance API: per push, the work until the frame is ready (store update, React commit, style and
// layout, forced synchronously), and the intervals between animation frames while pushes arrive.
// Run alone: node bench/render/render-bench.mjs [--rows 500] [--seconds 10] [--profile]
// --trace: a Chromium trace (devtools.timeline) summed by event on the renderer's main thread (style,
// layout, paint, intersection observers, scripts), kept in test-results/render-trace.json.
// --profile: a V8 CPU profile of the renderer while pushes arrive, printed as the top functions by self
// and total time (bench/profile/top-frames.mjs), and kept in test-results/render.cpuprofile.
import { spawnSync } from 'node:child_process';
import { appendFileSync, createReadStream, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { topFrames } from '../profile/top-frames.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const rendererDir = join(root, 'out', 'renderer');
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

function flag(name, fallback) {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}

function serve(dir) {
  const base = normalize(dir + sep);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = normalize(join(base, path === '/' ? 'index.html' : path));
    if (!file.startsWith(base) || !existsSync(file) || !statSync(file).isFile()) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** The stand-in bridge and the push loop, as page source (no transpiler helpers inside the page). */
function pageScript(rows, seconds) {
  return `(() => {
  const ROWS = ${rows};
  const statuses = ['online', 'online', 'online', 'lazy', 'degraded', 'starting', 'error', 'stopped'];
  let generation = 0;
  const row = (i, tick) => ({
    name: 'server-' + String(i).padStart(3, '0'), status: statuses[(i + tick) % statuses.length], transport: 'stdio',
    startup_policy: i % 3 ? 'lazy' : 'eager', source: 'project', source_path: '/p/.mcp.json', pid: 1000 + i,
    tool_count: i % 40, protocol_version: '2025-11-25', started_at: new Date(Date.now() - i * 1000).toISOString(),
    last_error: i % 50 === 0 ? 'server exited unexpectedly (exit code 1)' : null, startup_skip_reason: null,
    missing_env_vars: [], restart_count: tick % 5, last_exit_code: null, last_exit_signal: null, breaker: 'closed',
    capabilities: ['tools'], pending_count: (i + tick) % 3,
    latency: { count: tick * 3 + i, p50_ms: 5 + ((i * 7 + tick) % 40), p99_ms: 60 + ((i + tick) % 90) },
  });
  const snapshot = (tick) => ({ generation: ++generation, rows: Array.from({ length: ROWS }, (_, i) => row(i, tick)) });
  const listeners = new Map();
  const empty = {
    listHealth: () => snapshot(0), listConfigIssues: () => [], listProjectTrust: () => ({ project_root: null, files: [] }),
    listLogs: () => ({ lines: [] }), listActivity: () => ({ generation: 0, sessions: [], projects: [], audit: [] }),
  };
  const bridge = new Proxy({ on: new Proxy({}, { get: (_t, name) => (listener) => {
    if (!listeners.has(name)) listeners.set(name, new Set());
    listeners.get(name).add(listener);
    return () => listeners.get(name).delete(listener);
  } }) }, { get: (target, name) => name === 'on' ? target.on : name === 'then' ? undefined : async () => (empty[name] ? empty[name]() : null) });
  Object.defineProperty(window, 'gatehouse', { value: bridge });
  window.__bench = new Promise((resolve) => {
    window.addEventListener('load', () => setTimeout(() => {
      const work = [];
      const script = [];
      const layout = [];
      const frames = [];
      let last = performance.now();
      let running = true;
      const onFrame = (now) => { frames.push(now - last); last = now; if (running) requestAnimationFrame(onFrame); };
      requestAnimationFrame(onFrame);
      let tick = 0;
      const timer = setInterval(() => {
        tick++;
        const payload = snapshot(tick);
        performance.mark('push-start');
        const t0 = performance.now();
        for (const listener of listeners.get('healthChanged') ?? []) listener(payload);
        // An external store's update renders in the sync lane, flushed in a microtask queued during the
        // dispatch: this one runs after it. Style and layout are forced there, so the figure holds
        // everything the next frame needs but paint.
        queueMicrotask(() => {
          const t1 = performance.now();
          void document.body.offsetHeight;
          const t2 = performance.now();
          work.push(t2 - t0);
          script.push(t1 - t0);
          layout.push(t2 - t1);
          performance.measure('push', 'push-start');
        });
        if (tick >= ${seconds} * 10) {
          clearInterval(timer);
          running = false;
          setTimeout(() => resolve({ work, script, layout, frames: frames.slice(2), rowsShown: document.querySelectorAll('.server-row').length }), 200);
        }
      }, 100);
    }, 1000));
  });
})();`;
}

/** Time by event name on the renderer's main thread, top-level events only (children are inside their parents' time). */
function traceSummary(trace) {
  const events = trace.traceEvents ?? trace;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const onMain = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && typeof e.dur === 'number');
  const byName = new Map();
  for (const e of onMain) byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur / 1000);
  return ['renderer main thread, by trace event (nested events counted in their parents too):', ...[...byName.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([name, ms]) => `  ${ms.toFixed(1).padStart(9)} ms  ${name}`)];
}

const round = (value) => Math.round(value * 10) / 10;

function commitOf() {
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' });
  const dirty = spawnSync('git', ['status', '--porcelain', '--', 'src', 'bench', ':!bench/results'], { cwd: root, encoding: 'utf8' });
  return head.status === 0 ? `${head.stdout.trim()}${dirty.stdout.trim() ? ' (with uncommitted changes)' : ''}` : null;
}

const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

export async function benchRender() {
  if (!existsSync(join(rendererDir, 'index.html'))) throw new Error(`${rendererDir}/index.html is missing: run npm run build first`);
  const loadBefore = loadavg()[0];
  const rows = flag('--rows', 500);
  const seconds = flag('--seconds', 10);
  const server = await serve(rendererDir);
  const tmp = mkdtempSync(join(tmpdir(), 'gatehouse-render-bench-'));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    env: { ...process.env, TMPDIR: tmp },
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript({ content: pageScript(rows, seconds) });
    const profiling = process.argv.includes('--profile');
    const cdp = profiling ? await page.context().newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const tracing = process.argv.includes('--trace');
    if (tracing) await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'cc'] });
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    const { work, script, layout, frames, rowsShown } = await page.evaluate(() => window.__bench);
    if (cdp) {
      const { profile } = await cdp.send('Profiler.stop');
      mkdirSync(join(root, 'test-results'), { recursive: true });
      writeFileSync(join(root, 'test-results', 'render.cpuprofile'), JSON.stringify(profile));
      // The first second is loading and the first render; the pushes come after it.
      console.log(topFrames(profile, 25, root, Number.POSITIVE_INFINITY, 1500).join('\n'));
    }
    if (tracing) {
      const trace = await browser.stopTracing();
      mkdirSync(join(root, 'test-results'), { recursive: true });
      writeFileSync(join(root, 'test-results', 'render-trace.json'), trace);
      console.log(traceSummary(JSON.parse(trace.toString('utf8'))).join('\n'));
    }
    const figures = (values) => ({ p50: round(pct(values, 50)), p95: round(pct(values, 95)), max: round(Math.max(...values)) });
    const vsync = pct(frames, 50);
    const result = {
      bench: 'render',
      finished_at: new Date().toISOString(),
      commit: commitOf(),
      rows: rowsShown,
      pushes: work.length,
      push_interval_ms: 100,
      chromium: browser.version(),
      work_per_push_ms: figures(work),
      script_per_push_ms: figures(script),
      style_layout_per_push_ms: figures(layout),
      frame_interval_ms: figures(frames),
      frames: frames.length,
      // An interval half again as long as the display's own means at least one frame was not drawn in time.
      frames_missed: frames.filter((interval) => interval > vsync * 1.5).length,
      goal: 'work per push p95 <= 16 ms',
      met: pct(work, 95) <= 16,
      load_average: { before: round(loadBefore), after: round(loadavg()[0]) },
      cpus: cpus().length,
    };
    console.log(`\nrender: ${rowsShown} server rows, health pushed every 100 ms for ${seconds} s (${work.length} pushes), Chromium ${browser.version()}`);
    const line = (label, f) => `  ${label.padEnd(52)} p50 ${f.p50.toFixed(1)} ms  p95 ${f.p95.toFixed(1)} ms  max ${f.max.toFixed(1)} ms`;
    console.log(`${line('work per push (store, React commit, style, layout)', result.work_per_push_ms)}  (goal p95 <= 16 ms)`);
    console.log(line('  of which store and React (script)', result.script_per_push_ms));
    console.log(line('  of which style and layout', result.style_layout_per_push_ms));
    console.log(`${line('animation-frame interval while pushing', result.frame_interval_ms)}  (${frames.length} frames, ${result.frames_missed} missed)`);
    console.log(`  (headless, software rendering; paint and compositing are not in the first figure; load average ${result.load_average.before} before, ${result.load_average.after} after, on ${result.cpus} CPUs)`);
    return result;
  } finally {
    await browser.close();
    server.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

// Run alone, each run is appended to bench/results/render.jsonl (npm run bench records it with the rest).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await benchRender();
  const folder = join(root, 'bench', 'results');
  mkdirSync(folder, { recursive: true });
  appendFileSync(join(folder, 'render.jsonl'), `${JSON.stringify(result)}\n`);
  console.log('appended: bench/results/render.jsonl');
}
