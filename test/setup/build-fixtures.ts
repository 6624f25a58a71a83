// Builds the TypeScript fixture servers into out/fixtures once per test run, so the tests start them as
// real child processes with plain node (no loader in the child).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';

const root = join(import.meta.dirname, '..', '..');
export const FIXTURE_OUT = join(root, 'out', 'fixtures');

export default async function buildFixtures(): Promise<void> {
  const dir = join(root, 'test', 'fixtures', 'servers');
  const entries = Object.fromEntries(readdirSync(dir).filter((f) => f.endsWith('.ts')).map((f) => [f.replace(/\.ts$/, ''), join(dir, f)]));
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      ssr: true,
      outDir: FIXTURE_OUT,
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      rollupOptions: { input: entries, output: { format: 'es', entryFileNames: '[name].mjs' } },
    },
    // Dependencies stay external: the fixture imports the same SDK packages a real server would.
    ssr: { external: true },
  });
}
