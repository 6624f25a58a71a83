// The bench entries that import the TypeScript sources, bundled like the test fixtures are: one ES module
// per entry in `outDir`, packages left external (resolved from the worktree's node_modules).
import { join } from 'node:path';
import { root } from './targets.mjs';

/** Bundles `entries` (name → source path) into `out/<folder>` and returns that folder. */
export async function bundleEntries(folder, entries) {
  const { build } = await import('vite');
  const outDir = join(root, 'out', folder);
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      ssr: true,
      outDir,
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      rollupOptions: { input: entries, output: { format: 'es', entryFileNames: '[name].mjs' } },
    },
    ssr: { external: true },
  });
  return outDir;
}
