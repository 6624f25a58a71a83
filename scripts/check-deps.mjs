#!/usr/bin/env node
// Checks the imports of src/ against dependency-rules.mjs: import cycles (type-only imports included),
// layer order, fences and package limits. Prints one line per broken rule, `rule  from:line → to`, and
// exits 1 when there is any.
// usage: node scripts/check-deps.mjs [--root src] [--rules dependency-rules.mjs] [--json]
//
// Why not dependency-cruiser: with TypeScript 7 there is no `typescript` JS API for it to parse with; its
// swc parser reads no .tsx before 18.x, and 18.x needs Node 22 (this project runs on 20.19+). So the
// imports are read here with the TypeScript parser that rolldown (vite's bundler) ships: a real parser,
// so an import written inside a string or a comment is not taken for one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { parseAst } from 'rolldown/parseAst';

const CODE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.d.ts', '.js', '.jsx', '.mjs', '.cjs'];

function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(path);
    return CODE.test(entry.name) ? [path] : [];
  });
}

const isFile = (path) => statSync(path, { throwIfNoEntry: false })?.isFile() === true;

// As TypeScript resolves a relative specifier: `./x.js` may name x.ts, and a folder names its index file.
// A vite query (`./x.mjs?raw`: the file's text) names the file before it.
function resolveSpecifier(from, specifier) {
  const base = resolve(dirname(from), specifier.replace(/\?(raw|url)$/, ''));
  const stem = base.replace(/\.[mc]?jsx?$/, '');
  const candidates = [base, ...EXTENSIONS.map((ext) => stem + ext), ...EXTENSIONS.map((ext) => join(base, `index${ext}`))];
  return candidates.find(isFile) ?? null;
}

function walk(node, visit) {
  if (Array.isArray(node)) for (const child of node) walk(child, visit);
  else if (node !== null && typeof node === 'object') {
    if (typeof node.type === 'string') visit(node);
    for (const value of Object.values(node)) if (value !== null && typeof value === 'object') walk(value, visit);
  }
}

const literal = (node) => {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return null;
};
const allType = (specifiers, key) => specifiers.length > 0 && specifiers.every((s) => s[key] === 'type');

function langOf(path) {
  if (path.endsWith('.d.ts')) return 'dts';
  const ext = path.slice(path.lastIndexOf('.') + 1);
  if (ext === 'tsx' || ext === 'jsx') return ext;
  return ext.endsWith('ts') ? 'ts' : 'js';
}

// Every module a file names: import/export … from, import('…') with a literal, import('…') types, import x = require('…').
function importsOf(path, text) {
  const found = [];
  const add = (specifier, start, typeOnly) => {
    if (specifier !== null) found.push({ specifier, line: text.slice(0, start).split('\n').length, typeOnly });
  };
  walk(parseAst(text, { lang: langOf(path), sourceType: 'module' }, path), (node) => {
    if (node.type === 'ImportDeclaration') add(literal(node.source), node.start, node.importKind === 'type' || allType(node.specifiers, 'importKind'));
    else if ((node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') && node.source)
      add(literal(node.source), node.start, node.exportKind === 'type' || allType(node.specifiers ?? [], 'exportKind'));
    else if (node.type === 'ImportExpression') add(literal(node.source), node.start, false);
    else if (node.type === 'TSImportType') add(literal(node.source ?? node.argument?.literal), node.start, true);
    else if (node.type === 'TSExternalModuleReference') add(literal(node.expression), node.start, false);
  });
  return found;
}

// Strongly connected components (Tarjan): each one with more than one file is an import cycle.
function cyclesOf(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (v) => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = stack.splice(stack.indexOf(v));
    for (const w of component) onStack.delete(w);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return cycles.sort((a, b) => a[0].localeCompare(b[0]));
}

const under = (path, place) => (place.endsWith('/') ? path.startsWith(place) : path === place);

function layerOf(rules, path) {
  if (!path.startsWith('main/')) return null;
  const rest = path.slice('main/'.length);
  const folder = rest.includes('/') ? rest.slice(0, rest.indexOf('/')) : rules.filesInMain?.[rest];
  const layer = rules.layers.findIndex((row) => row.includes(folder));
  return { folder: folder ?? rest, layer };
}

// The rule an import from → to breaks, if any (both paths relative to the root, with "/").
function brokenRule(rules, from, to) {
  const fence = rules.fences.find((f) => under(from, f.files));
  if (fence && !fence.mayImport.some((place) => under(to, place))) return { rule: fence.rule };
  const ban = rules.forbidden.find((f) => under(from, f.files) && f.mayNotImport.some((place) => under(to, place)));
  if (ban) return { rule: ban.rule };
  const a = layerOf(rules, from);
  const b = layerOf(rules, to);
  if (a && b && a.layer >= 0 && b.layer >= 0 && b.layer < a.layer) return { rule: 'layer-order', note: `${a.folder} is below ${b.folder}` };
  return null;
}

function checkDependencies(root, rules) {
  const name = (path) => relative(root, path).split(sep).join('/');
  const shown = (path) => relative(dirname(root), path).split(sep).join('/');
  const violations = [];
  const report = (rule, from, line, to, extra = {}) => violations.push({ rule, from: shown(from), line, to, ...extra });
  const files = listFiles(root).sort();
  const graph = new Map();
  let imports = 0;
  for (const file of files) {
    const edges = new Map();
    graph.set(file, edges);
    const place = layerOf(rules, name(file));
    if (place && place.layer < 0) report('layer-unknown', file, 1, '', { note: `add ${place.folder} to layers in dependency-rules.mjs` });
    let found;
    try {
      found = importsOf(file, readFileSync(file, 'utf8'));
    } catch (error) {
      report('parse-error', file, 1, '', { note: String(error.message).split('\n')[1] ?? String(error.message) });
      continue;
    }
    for (const { specifier, line, typeOnly } of found) {
      if (!specifier.startsWith('.') && !specifier.startsWith('/')) {
        const limit = rules.packages.find((p) => specifier === p.name || specifier.startsWith(`${p.name}/`));
        if (limit && !limit.onlyIn.some((where) => under(name(file), where))) report(limit.rule, file, line, specifier);
        continue;
      }
      const target = resolveSpecifier(file, specifier);
      if (target === null) report('unresolved-import', file, line, specifier);
      else if (!relative(root, target).startsWith('..')) {
        imports += 1;
        const seen = edges.get(target);
        edges.set(target, { line: seen?.line ?? line, typeOnly: (seen?.typeOnly ?? true) && typeOnly });
      }
    }
  }
  const cycles = cyclesOf(graph);
  cycles.forEach((component, n) => {
    const members = new Set(component);
    for (const from of component)
      for (const [to, edge] of graph.get(from)) {
        if (members.has(to)) report('no-cycles', from, edge.line, shown(to), { typeOnly: edge.typeOnly, note: `cycle ${n + 1}, ${component.length} files` });
      }
  });
  for (const [from, edges] of graph)
    for (const [to, edge] of edges) {
      const broken = brokenRule(rules, name(from), name(to));
      if (broken) report(broken.rule, from, edge.line, shown(to), { typeOnly: edge.typeOnly, ...(broken.note ? { note: broken.note } : {}) });
    }
  return { files: files.length, imports, cycles: cycles.length, violations };
}

function format(v) {
  const notes = [v.note, v.typeOnly ? 'type-only' : null].filter(Boolean).join('; ');
  return `${v.rule.padEnd(26)} ${v.from}:${v.line}${v.to ? ` → ${v.to}` : ''}${notes ? `  (${notes})` : ''}`;
}

const repo = dirname(dirname(fileURLToPath(import.meta.url)));
const { values } = parseArgs({ options: { root: { type: 'string' }, rules: { type: 'string' }, json: { type: 'boolean' } } });
const root = resolve(values.root ?? join(repo, 'src'));
const rules = await import(pathToFileURL(resolve(values.rules ?? join(repo, 'dependency-rules.mjs'))).href);
const result = checkDependencies(root, rules);
const order = (a, b) => a.rule.localeCompare(b.rule) || a.from.localeCompare(b.from) || a.line - b.line || a.to.localeCompare(b.to);
result.violations.sort(order);
if (values.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
else {
  for (const v of result.violations) process.stdout.write(`${format(v)}\n`);
  const counts = new Map();
  for (const v of result.violations) counts.set(v.rule, (counts.get(v.rule) ?? 0) + 1);
  const perRule = [...counts].map(([rule, n]) => `${rule} ${n}`).join(', ');
  process.stdout.write(
    `deps: ${result.files} files, ${result.imports} imports: ${result.cycles} import cycles, ${result.violations.length} violations${perRule ? ` (${perRule})` : ''}\n`,
  );
}
process.exitCode = result.violations.length > 0 ? 1 : 0;
