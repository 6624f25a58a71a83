#!/usr/bin/env node
// Checks every package of the built-in manifest (resources/manifest.yaml) against its registry and writes
// what it found beside each entry: `verified: { version, date }` (the latest release and the day of the
// check) and, where the entry has none, a `homepage` taken from the registry's metadata. Run by a
// developer after editing the manifest, never by CI or the tests (they must not need the network):
//
//   node scripts/verify-manifest.mjs                 check and write
//   node scripts/verify-manifest.mjs --dry-run       check only
//   node scripts/verify-manifest.mjs --drop-missing  also remove entries whose package does not exist
//   node scripts/verify-manifest.mjs --only a,b      check these entries only
//
// Registries are reached only through the clients' own configuration, never a host written here: npm
// packages through `npm view` (npm's configured registry), PyPI packages through pip's configured index
// (PIP_INDEX_URL, else `pip config get global.index-url`, else pip's own default, asked of pip itself).
// Exit 0 all resolved, 1 some did not (or could not be checked), 2 usage.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parseDocument } from 'yaml';

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
const DEFAULT_FILE = join(here, '..', 'resources', 'manifest.yaml');
const TIMEOUT_MS = 60_000;

function parseArgs(argv) {
  const options = { file: DEFAULT_FILE, dryRun: false, dropMissing: false, only: null, concurrency: 6 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--dry-run') options.dryRun = true;
    else if (arg === '--drop-missing') options.dropMissing = true;
    else if (arg === '--only') options.only = new Set((argv[++i] ?? '').split(',').filter(Boolean));
    else if (arg === '--concurrency') options.concurrency = Math.max(1, Number(argv[++i]) || 6);
    else if (arg === '--file') options.file = argv[++i];
    else {
      process.stderr.write(`verify-manifest: unknown argument "${arg}"\n`);
      process.exit(2);
    }
  }
  return options;
}

/** npm's answer for one package; `missing` only for a definite 404 from the registry. */
async function lookUpNpm(name) {
  try {
    const { stdout } = await run('npm', ['view', name, 'name', 'version', 'description', 'homepage', 'repository', 'bin', 'time', 'deprecated', '--json'], { timeout: TIMEOUT_MS, maxBuffer: 8 * 1024 * 1024 });
    const data = JSON.parse(stdout);
    const meta = Array.isArray(data) ? data.at(-1) : data;
    if (!meta?.version) return { kind: 'error', reason: 'npm view gave no version' };
    const bins = typeof meta.bin === 'string' ? [name.split('/').pop()] : Object.keys(meta.bin ?? {});
    return {
      kind: 'ok',
      version: meta.version,
      published: meta.time?.[meta.version] ?? null,
      description: meta.description ?? null,
      homepage: httpsUrl(meta.homepage) ?? repositoryUrl(meta.repository),
      bins,
      deprecated: typeof meta.deprecated === 'string' ? meta.deprecated : null,
    };
  } catch (error) {
    const text = `${error.stdout ?? ''}${error.stderr ?? ''}`;
    if (/E404|404 Not Found/.test(text)) return { kind: 'missing', reason: 'npm: 404 not found' };
    return { kind: 'error', reason: `npm view failed: ${(text || error.message).split('\n').find(Boolean)?.slice(0, 160)}` };
  }
}

function httpsUrl(value) {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href.replace(/#readme$/, '') : null;
  } catch {
    return null;
  }
}

function repositoryUrl(repository) {
  const raw = typeof repository === 'string' ? repository : repository?.url;
  if (typeof raw !== 'string') return null;
  return httpsUrl(raw.replace(/^git\+/, '').replace(/^git:\/\//, 'https://').replace(/^ssh:\/\/git@/, 'https://').replace(/\.git$/, ''));
}

/** The package's page as npm itself names it (`npm docs`): for a package whose metadata has no homepage. */
async function npmPage(name) {
  try {
    const { stdout } = await run('npm', ['docs', name, '--browser=false'], { timeout: TIMEOUT_MS });
    return httpsUrl(stdout.trim().split('\n').at(-1));
  } catch {
    return null;
  }
}

/** A version such as 1.10 must stay the string "1.10", not become the number 1.1. */
function quoted(node) {
  for (const pair of node.items) pair.value.type = 'QUOTE_DOUBLE';
  return node;
}

/** pip's index: its environment, its config, else the default pip itself carries. */
async function pipIndex() {
  if (process.env.PIP_INDEX_URL) return process.env.PIP_INDEX_URL;
  try {
    const { stdout } = await run('pip', ['config', 'get', 'global.index-url'], { timeout: TIMEOUT_MS });
    if (stdout.trim()) return stdout.trim();
  } catch {
    // not configured
  }
  const { stdout } = await run('python3', ['-c', 'from pip._internal.models.index import PyPI; print(PyPI.simple_url)'], { timeout: TIMEOUT_MS });
  return stdout.trim();
}

const normalise = (name) => name.toLowerCase().replace(/[-_.]+/g, '-');

/** The PyPI JSON API beside the simple index (…/simple → …/pypi/NAME/json); the simple API's JSON when it has none. */
async function lookUpPypi(index, name) {
  const base = index.replace(/\/+$/, '');
  const jsonApi = base.replace(/\/simple$/, '/pypi');
  try {
    if (jsonApi !== base) {
      const response = await fetch(`${jsonApi}/${encodeURIComponent(name)}/json`, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } });
      if (response.status === 404) return { kind: 'missing', reason: 'PyPI: 404 not found' };
      if (response.ok) {
        const data = await response.json();
        const info = data.info ?? {};
        const urls = info.project_urls ?? {};
        const pick = ['Homepage', 'homepage', 'Home', 'Source', 'Source Code', 'Repository', 'repository', 'Documentation', 'GitHub'].map((k) => httpsUrl(urls[k])).find(Boolean);
        return {
          kind: 'ok',
          version: info.version,
          published: data.urls?.[0]?.upload_time_iso_8601 ?? null,
          description: info.summary ?? null,
          homepage: pick ?? httpsUrl(info.home_page) ?? httpsUrl(info.project_url) ?? httpsUrl(info.package_url),
          bins: null,
          deprecated: info.yanked ? 'yanked' : null,
        };
      }
    }
    const simple = await fetch(`${base}/${normalise(name)}/`, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/vnd.pypi.simple.v1+json' } });
    if (simple.status === 404) return { kind: 'missing', reason: 'PyPI: 404 not found' };
    if (!simple.ok) return { kind: 'error', reason: `PyPI index answered HTTP ${simple.status}` };
    const data = await simple.json();
    const files = (data.files ?? []).filter((f) => !f.yanked);
    const newest = files.sort((a, b) => String(b['upload-time'] ?? '').localeCompare(String(a['upload-time'] ?? '')))[0];
    const version = newest ? versionFromFile(newest.filename) : null;
    if (!version) return { kind: 'error', reason: 'PyPI index lists no usable file' };
    return { kind: 'ok', version, published: newest['upload-time'] ?? null, description: null, homepage: null, bins: null, deprecated: null };
  } catch (error) {
    return { kind: 'error', reason: `PyPI lookup failed: ${error.message.slice(0, 160)}` };
  }
}

/** The version in a wheel (`name-1.2.3-py3-none-any.whl`) or sdist (`name-1.2.3.tar.gz`) file name. */
function versionFromFile(filename) {
  const wheel = /^[^-]+-([^-]+)-.*\.whl$/.exec(filename);
  if (wheel) return wheel[1];
  return /-([0-9][^-]*)\.(?:tar\.gz|zip)$/.exec(filename)?.[1] ?? null;
}

/** Runs `work` over `items` with at most `limit` at once, in order of the items. */
async function pool(items, limit, work) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** What the entry runs, as npx sees it: the manifest's `bin`, or the one bin / the bin named like the package. */
function binProblem(pkg, found) {
  if (pkg.type !== 'npm' || !found.bins) return null;
  const base = pkg.name.split('/').pop();
  if (pkg.bin) return found.bins.includes(pkg.bin) ? null : `bin "${pkg.bin}" is not one of the package's executables (${found.bins.join(', ') || 'none'})`;
  if (!found.bins.length) return 'the package has no executable for npx to run';
  if (found.bins.length > 1 && !found.bins.includes(base)) return `npx cannot tell which executable to run (${found.bins.join(', ')}); set package.bin`;
  return null;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const text = readFileSync(options.file, 'utf8');
  const doc = parseDocument(text);
  if (doc.errors.length) throw new Error(`${options.file}: ${doc.errors[0].message}`);
  const servers = doc.toJS().servers ?? {};
  const today = new Date().toISOString().slice(0, 10);
  const entries = Object.entries(servers).filter(([name]) => !options.only || options.only.has(name));
  const index = entries.some(([, e]) => e.package?.type === 'pypi') ? await pipIndex() : null;
  process.stdout.write(`Checking ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'} of ${options.file} (${today}).\n`);

  const outcomes = await pool(entries, options.concurrency, async ([name, entry]) => {
    if (!entry.package) return { name, kind: 'remote', entry };
    const found = entry.package.type === 'npm' ? await lookUpNpm(entry.package.name) : await lookUpPypi(index, entry.package.name);
    return { name, entry, ...found };
  });

  const dropped = [];
  const problems = [];
  let resolved = 0;
  let remote = 0;
  for (const outcome of outcomes) {
    const { name, entry } = outcome;
    const label = entry.package ? `${entry.package.type}:${entry.package.name}` : entry.url;
    if (outcome.kind === 'remote') {
      remote++;
      if (entry.verified !== null || !entry.verified_note) problems.push(`${name}: a remote-only entry needs "verified: null" and a verified_note saying why`);
      process.stdout.write(`  remote   ${name.padEnd(24)} ${label} (not verifiable: ${entry.verified_note ?? 'no note'})\n`);
      continue;
    }
    if (outcome.kind === 'missing') {
      process.stdout.write(`  MISSING  ${name.padEnd(24)} ${label}: ${outcome.reason}\n`);
      if (options.dropMissing) {
        doc.deleteIn(['servers', name]);
        dropped.push(name);
      } else problems.push(`${name}: ${label} does not exist (${outcome.reason}); fix the name or run with --drop-missing`);
      continue;
    }
    if (outcome.kind === 'error') {
      process.stdout.write(`  ERROR    ${name.padEnd(24)} ${label}: ${outcome.reason}\n`);
      problems.push(`${name}: ${outcome.reason}`);
      continue;
    }
    resolved++;
    const bin = binProblem(entry.package, outcome);
    if (bin) problems.push(`${name}: ${bin}`);
    const pinned = entry.package.version;
    const note = [pinned && pinned !== outcome.version ? `pinned ${pinned}` : null, outcome.deprecated ? `deprecated: ${outcome.deprecated.slice(0, 80)}` : null, bin].filter(Boolean).join('; ');
    process.stdout.write(`  ok       ${name.padEnd(24)} ${label}@${outcome.version}${outcome.published ? ` (published ${outcome.published.slice(0, 10)})` : ''}${note ? ` - ${note}` : ''}\n`);
    if (options.dryRun) continue;
    doc.setIn(['servers', name, 'verified'], quoted(doc.createNode({ version: outcome.version, date: today }, { flow: true })));
    const homepage = entry.homepage ?? outcome.homepage ?? (entry.package.type === 'npm' ? await npmPage(entry.package.name) : null);
    if (!entry.homepage && homepage) doc.setIn(['servers', name, 'homepage'], homepage);
    if (!homepage) problems.push(`${name}: the registry names no homepage; add one by hand`);
  }

  const checked = outcomes.length - remote;
  process.stdout.write(`\n${checked} package(s) checked: ${resolved} resolved, ${dropped.length} dropped${dropped.length ? ` (${dropped.join(', ')})` : ''}; ${remote} remote-only.\n`);
  if (!options.dryRun && !options.only) {
    doc.set('verification', doc.createNode({ date: today, checked, resolved, dropped: dropped.length, remote_only: remote }, { flow: true }));
  }
  if (!options.dryRun) {
    writeFileSync(options.file, doc.toString({ lineWidth: 0, flowCollectionPadding: false }));
    process.stdout.write(`Wrote ${options.file}.\n`);
  }
  for (const problem of problems) process.stderr.write(`problem: ${problem}\n`);
  process.exitCode = problems.length ? 1 : 0;
}

main().catch((error) => {
  process.stderr.write(`verify-manifest: ${error.stack ?? error.message}\n`);
  process.exit(1);
});
