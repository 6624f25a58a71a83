// Brings the parts the run needs into place: Node 22 (npm ci of test/conformance/node22, from the npm
// registry through npm itself) and the built fixture server (the same vite build the test setup runs).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURE, missing, NODE22, NODE22_DIR, REPO } from './paths.mjs';

export function ensureNode22(log) {
  if (!missing(NODE22)) return;
  log('installing Node 22 for the conformance suite (npm ci in test/conformance/node22)');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: NODE22_DIR, stdio: ['ignore', 2, 2] });
  if (run.status !== 0 || missing(NODE22)) throw new Error(`npm ci in ${NODE22_DIR} failed (exit ${run.status}); run it by hand, then retry`);
}

export async function ensureFixture(log, rebuild = false) {
  if (!rebuild && !missing(FIXTURE)) return;
  log('building the fixture servers into out/fixtures');
  const { build } = await import('vite');
  const dir = join(REPO, 'test/fixtures/servers');
  const input = Object.fromEntries(readdirSync(dir).filter((f) => f.endsWith('.ts')).map((f) => [f.replace(/\.ts$/, ''), join(dir, f)]));
  await build({
    configFile: false,
    logLevel: 'warn',
    build: { ssr: true, outDir: join(REPO, 'out/fixtures'), emptyOutDir: true, target: 'node20', minify: false, rollupOptions: { input, output: { format: 'es', entryFileNames: '[name].mjs' } } },
    ssr: { external: true },
  });
}
