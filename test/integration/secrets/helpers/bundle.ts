// Builds a TypeScript entry into one ES module with Vite, so a test can run the real source code in a
// child process (another environment, no D-Bus, a terminal). Dependencies stay external and resolve
// from the repository's node_modules, which is why the output goes under node_modules/.cache.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { REPO_ROOT } from '../../../helpers/workspace';

export interface Bundle {
  file: string;
  cleanup(): void;
}

export async function bundleEntry(entry: string): Promise<Bundle> {
  const cacheRoot = join(REPO_ROOT, 'node_modules', '.cache');
  mkdirSync(cacheRoot, { recursive: true });
  const outDir = mkdtempSync(join(cacheRoot, 'gatehouse-secrets-test-'));
  await build({
    configFile: false,
    logLevel: 'silent',
    root: REPO_ROOT,
    build: {
      ssr: entry,
      outDir,
      emptyOutDir: false,
      minify: false,
      rollupOptions: { output: { format: 'esm', entryFileNames: 'entry.mjs' } },
    },
  });
  return { file: join(outDir, 'entry.mjs'), cleanup: () => rmSync(outDir, { recursive: true, force: true }) };
}
