#!/usr/bin/env node
// Launcher for `npx gatehouse` from a checkout: builds the CLI when the sources are newer than the build,
// then runs it. Build output goes to stderr so a stdio MCP client never sees it on stdout.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'out', 'main', 'cli.js');
const inputs = ['src', 'resources', 'package.json', 'electron.vite.config.ts'];

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function isStale() {
  if (!existsSync(cli)) return true;
  const built = statSync(cli).mtimeMs;
  return inputs.some((input) => existsSync(join(root, input)) && newestMtime(join(root, input)) > built);
}

if (isStale()) {
  process.stderr.write('gatehouse: building (first run or sources changed)...\n');
  const builder = join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
  const result = spawnSync(process.execPath, [builder, 'build'], { cwd: root, stdio: ['ignore', 2, 2] });
  if (result.status !== 0) {
    process.stderr.write('gatehouse: the build failed; run "npm ci" in the checkout, then try again\n');
    process.exit(1);
  }
}

await import(pathToFileURL(cli).href);
