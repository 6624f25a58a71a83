// Who may import whom inside src/: the one table that `npm run deps` (scripts/check-deps.mjs) enforces.
// Paths are relative to src/; a path ending in "/" is a folder. Every import counts, type-only ones too.
// A broken rule is printed as `rule-name  from:line → to`; no-cycles (no import cycles) is always on.

// The layers of src/main, top to bottom (docs: ARCHITECTURE.md "Layout"). A file's layer is its first folder
// under src/main. Rule layer-order: a file imports only its own layer or a lower one, never a higher one.
export const layers = [
  ['cli', 'shell'],
  ['core'],
  ['http', 'gateway'],
  ['discovery', 'supervisor', 'clients', 'service'],
  ['config', 'trust', 'policy', 'runtime', 'secrets', 'oauth', 'logs', 'state', 'settings'],
  ['redaction'],
  ['common'],
];

// Files directly in src/main and the folder whose layer they take.
export const filesInMain = { 'index.ts': 'shell' };

// Fences, checked before layer-order; the first whose `files` holds the importing file decides.
// Such a file may import only files under one of `mayImport`.
export const fences = [
  { rule: 'common-is-leaf', files: 'main/common/', mayImport: ['main/common/'] },
  { rule: 'redaction-is-leaf', files: 'main/redaction/', mayImport: ['main/redaction/', 'main/common/'] },
  { rule: 'shared-is-leaf', files: 'shared/', mayImport: ['shared/'] },
  { rule: 'renderer-isolated', files: 'renderer/', mayImport: ['renderer/', 'shared/'] },
  { rule: 'preload-isolated', files: 'preload/', mayImport: ['preload/', 'shared/'] },
  { rule: 'main-isolated', files: 'main/', mayImport: ['main/', 'shared/'] },
];

// Imports inside one layer that the design still forbids (issue 18: "supervisor ↛ gateway/http/discovery";
// gateway and http are above it already, discovery sits on its layer).
export const forbidden = [{ rule: 'supervisor-not-discovery', files: 'main/supervisor/', mayNotImport: ['main/discovery/'] }];

// Packages only some files may import. The preload script is Electron's too: contextBridge lives there.
export const packages = [{ rule: 'electron-only-in-shell', name: 'electron', onlyIn: ['main/shell/', 'main/index.ts', 'preload/'] }];
