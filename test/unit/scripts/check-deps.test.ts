// scripts/check-deps.mjs (issue 18): the import rules of src/, run as `npm run deps` runs it, on small
// trees of real files laid out like src/ and checked against the repository's own dependency-rules.mjs.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

interface Violation {
  rule: string;
  from: string;
  line: number;
  to: string;
  typeOnly?: boolean;
  note?: string;
}
interface Result {
  files: number;
  imports: number;
  cycles: number;
  violations: Violation[];
}

const script = fileURLToPath(new URL('../../../scripts/check-deps.mjs', import.meta.url));
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-check-deps-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function tree(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, 'src', path)), { recursive: true });
    writeFileSync(join(dir, 'src', path), text);
  }
}

function run(...args: string[]) {
  return spawnSync(process.execPath, [script, '--root', join(dir, 'src'), ...args], { encoding: 'utf8' });
}

function check(): Result {
  const out = run('--json');
  expect(out.stderr).toBe('');
  return JSON.parse(out.stdout) as Result;
}

const brief = (v: Violation) => `${v.rule} ${v.from}:${v.line} -> ${v.to}`;

describe('check-deps', () => {
  it('passes a tree that keeps every rule, and says so', () => {
    tree({
      'main/index.ts': "import { app } from 'electron';\nimport { start } from './cli/main';\nexport const run = () => start(app);\n",
      'main/cli/main.ts': "import { make } from '../core/make';\nexport const start = (x: unknown) => make(x);\n",
      'main/core/make.ts':
        "import { serve } from '../http/serve';\nimport type { Ipc } from '../../shared/ipc';\nexport const make = (x: unknown): Ipc => serve(x);\n",
      'main/http/serve.ts': "import { gate } from '../gateway/gate';\nexport const serve = (x: unknown) => gate(x);\n",
      'main/gateway/gate.ts': "import { load } from '../config/load';\nexport const gate = (x: unknown) => load(x);\n",
      'main/config/load.ts': "import { redact } from '../redaction/redact';\nexport const load = (x: unknown) => redact(x);\n",
      'main/redaction/redact.ts': "import { cut } from '../common/cut';\nexport const redact = (x: unknown) => cut(x);\n",
      'main/common/cut.ts': 'export const cut = (x: unknown) => ({ x });\n',
      'main/shell/tray.ts': "import { Tray } from 'electron';\nexport const tray = Tray;\n",
      'preload/index.ts':
        "import { contextBridge } from 'electron';\nimport type { Ipc } from '../shared/ipc';\nexport const b: Ipc | null = contextBridge ? null : null;\n",
      'renderer/App.tsx': 'import type { Ipc } from \'../shared/ipc\';\nexport const App = (p: { ipc: Ipc }) => <div className="app">{String(p.ipc)}</div>;\n',
      'shared/ipc.ts': 'export type Ipc = { channel: string };\n',
    });
    const out = run();
    expect(out.stdout).toBe('deps: 12 files, 10 imports: 0 import cycles, 0 violations\n');
    expect(out.status).toBe(0);
  });

  it('reads every form of import: type-only, export … from, dynamic, import types, with or without .js, and folder indexes', () => {
    tree({
      'main/config/low.ts': [
        "import type { A } from '../gateway/a';",
        "export { b } from '../gateway/b.js';",
        "export type { C } from '../http/c';",
        "export * from '../http';",
        'export const later = () => import(`../core/d`);',
        "type E = typeof import('../shell/e');",
        "import { type F } from '../cli/f';",
        'export type Use = A | E | F;',
        '',
      ].join('\n'),
      'main/gateway/a.ts': 'export type A = 1;\n',
      'main/gateway/b.ts': 'export const b = 1;\n',
      'main/http/c.ts': 'export type C = 1;\n',
      'main/http/index.ts': 'export const index = 1;\n',
      'main/core/d.ts': 'export const d = 1;\n',
      'main/shell/e.ts': 'export const e = 1;\n',
      'main/cli/f.ts': 'export type F = 1;\n',
    });
    const result = check();
    expect(result.violations.map(brief)).toEqual([
      'layer-order src/main/config/low.ts:1 -> src/main/gateway/a.ts',
      'layer-order src/main/config/low.ts:2 -> src/main/gateway/b.ts',
      'layer-order src/main/config/low.ts:3 -> src/main/http/c.ts',
      'layer-order src/main/config/low.ts:4 -> src/main/http/index.ts',
      'layer-order src/main/config/low.ts:5 -> src/main/core/d.ts',
      'layer-order src/main/config/low.ts:6 -> src/main/shell/e.ts',
      'layer-order src/main/config/low.ts:7 -> src/main/cli/f.ts',
    ]);
    expect(result.violations.map((v) => v.typeOnly)).toEqual([true, false, true, false, false, true, true]);
    expect(result.violations[0]?.note).toBe('config is below gateway');
  });

  it('lets a file import its own layer and lower ones; one layer up is already too far', () => {
    tree({
      'main/config/c.ts':
        "import { t } from '../trust/t';\nimport { r } from '../redaction/r';\nimport { s } from '../supervisor/s';\nexport const c = [t, r, s];\n",
      'main/trust/t.ts': 'export const t = 1;\n',
      'main/redaction/r.ts': 'export const r = 1;\n',
      'main/supervisor/s.ts': 'export const s = 1;\n',
    });
    expect(check().violations).toEqual([
      { rule: 'layer-order', from: 'src/main/config/c.ts', line: 3, to: 'src/main/supervisor/s.ts', typeOnly: false, note: 'config is below supervisor' },
    ]);
  });

  it('does not take an import written in a comment, a string or a template for a real one', () => {
    tree({
      'main/common/quiet.ts': [
        "// import { x } from '../gateway/x';",
        "/* export * from '../http/y'; */",
        'export const hint = "import { x } from \'../gateway/x\'";',
        "export const shown = `await import('../core/z')`;",
        '',
      ].join('\n'),
      'main/gateway/x.ts': 'export const x = 1;\n',
    });
    expect(check()).toEqual({ files: 2, imports: 0, cycles: 0, violations: [] });
  });

  it('finds a cycle made only of type imports and names every import in it', () => {
    tree({
      'main/config/a.ts': "import type { B } from './b';\nexport type A = { b?: B };\n",
      'main/config/b.ts': "export type { A as B } from './a';\n",
      'main/config/c.ts': "import type { A } from './a';\nexport type C = A;\n",
    });
    const result = check();
    expect(result.cycles).toBe(1);
    expect(result.violations).toEqual([
      { rule: 'no-cycles', from: 'src/main/config/a.ts', line: 1, to: 'src/main/config/b.ts', typeOnly: true, note: 'cycle 1, 2 files' },
      { rule: 'no-cycles', from: 'src/main/config/b.ts', line: 1, to: 'src/main/config/a.ts', typeOnly: true, note: 'cycle 1, 2 files' },
    ]);
  });

  it('fences the leaves and the processes: common, redaction, shared, renderer, preload and main', () => {
    tree({
      'main/common/bad.ts': "import { s } from '../config/s';\nimport type { Ipc } from '../../shared/ipc';\nexport const x = [s] as Ipc[];\n",
      'main/redaction/ok.ts': "import { c } from '../common/c';\nexport const ok = c;\n",
      'main/redaction/bad.ts': "import { k } from '../secrets/k';\nexport const bad = k;\n",
      'shared/bad.ts': "import { c } from '../main/common/c';\nexport const bad = c;\n",
      'renderer/View.tsx': "import { c } from '../main/common/c';\nexport const View = () => <p>{c}</p>;\n",
      'preload/bad.ts': "import { c } from '../main/common/c';\nexport const bad = c;\n",
      'main/cli/bad.ts': "import { View } from '../../renderer/View';\nexport const bad = View;\n",
      'main/common/c.ts': 'export const c = 1;\n',
      'main/config/s.ts': 'export const s = 1;\n',
      'main/secrets/k.ts': 'export const k = 1;\n',
      'shared/ipc.ts': 'export type Ipc = unknown;\n',
    });
    expect(check().violations.map(brief)).toEqual([
      'common-is-leaf src/main/common/bad.ts:1 -> src/main/config/s.ts',
      'common-is-leaf src/main/common/bad.ts:2 -> src/shared/ipc.ts',
      'main-isolated src/main/cli/bad.ts:1 -> src/renderer/View.tsx',
      'preload-isolated src/preload/bad.ts:1 -> src/main/common/c.ts',
      'redaction-is-leaf src/main/redaction/bad.ts:1 -> src/main/secrets/k.ts',
      'renderer-isolated src/renderer/View.tsx:1 -> src/main/common/c.ts',
      'shared-is-leaf src/shared/bad.ts:1 -> src/main/common/c.ts',
    ]);
  });

  it('lets only the shell, the Electron entry and the preload import electron', () => {
    tree({
      'main/index.ts': "import { app } from 'electron';\nexport const a = app;\n",
      'main/shell/w.ts': "import { BrowserWindow } from 'electron';\nexport const w = BrowserWindow;\n",
      'preload/index.ts': "import { contextBridge } from 'electron';\nexport const p = contextBridge;\n",
      'main/core/bad.ts': "import type { App } from 'electron';\nexport type Bad = App;\n",
      'main/supervisor/bad.ts': "export const load = () => import('electron/main');\n",
      'renderer/bad.tsx': "import { ipcRenderer } from 'electron';\nexport const Bad = () => <i>{String(ipcRenderer)}</i>;\n",
    });
    expect(check().violations.map(brief)).toEqual([
      'electron-only-in-shell src/main/core/bad.ts:1 -> electron',
      'electron-only-in-shell src/main/supervisor/bad.ts:1 -> electron/main',
      'electron-only-in-shell src/renderer/bad.tsx:1 -> electron',
    ]);
  });

  it('forbids supervisor → discovery though they share a layer, and allows the other way', () => {
    tree({
      'main/supervisor/s.ts': "import { d } from '../discovery/d';\nexport const s = d;\n",
      'main/discovery/d.ts': 'export const d = 1;\n',
      'main/discovery/e.ts': "import { s } from '../supervisor/s';\nexport const e = s;\n",
      'main/clients/c.ts': "import { d } from '../discovery/d';\nexport const c = d;\n",
    });
    expect(check().violations.map(brief)).toEqual(['supervisor-not-discovery src/main/supervisor/s.ts:1 -> src/main/discovery/d.ts']);
  });

  it('reports what it cannot check: a folder missing from the layer table, an import it cannot resolve, a file it cannot parse', () => {
    tree({
      'main/newthing/n.ts': "import { gone } from './gone';\nexport const n = gone;\n",
      'main/config/broken.ts': 'import { x from "./y";\n',
    });
    expect(check().violations.map((v) => `${brief(v)} ${v.note ?? ''}`.trim())).toEqual([
      'layer-unknown src/main/newthing/n.ts:1 ->  add newthing to layers in dependency-rules.mjs',
      expect.stringMatching(/^parse-error src\/main\/config\/broken\.ts:1 -> {2}\S/),
      'unresolved-import src/main/newthing/n.ts:1 -> ./gone',
    ]);
  });

  it('fails with the rule name, the file, its line and the import in plain text', () => {
    tree({
      'main/common/a.ts': "\nimport { b } from '../config/b';\nexport const a = b;\n",
      'main/config/b.ts': 'export const b = 1;\n',
    });
    const out = run();
    expect(out.status).toBe(1);
    expect(out.stdout.split('\n')).toEqual([
      'common-is-leaf             src/main/common/a.ts:2 → src/main/config/b.ts',
      'deps: 2 files, 1 imports: 0 import cycles, 1 violations (common-is-leaf 1)',
      '',
    ]);
  });
});
