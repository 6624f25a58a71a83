import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

// One build for every entry: the Electron main process, the headless CLI (plain Node, shares the
// main-process code), the sandboxed preload (must be CommonJS) and the React renderer.
export default defineConfig({
  main: {
    build: {
      // Bundled rather than loaded from node_modules at start: zod alone is 97 ES modules, each resolved,
      // read and compiled before the first tools/list (issue 15: cold start). The SDK comes with it, so that
      // its schemas and ours are made by one zod.
      externalizeDeps: { exclude: ['zod', '@modelcontextprotocol/server', '@modelcontextprotocol/client', '@modelcontextprotocol/node', 'smol-toml'] },
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          cli: resolve(__dirname, 'src/main/cli/main.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload can require only 'electron': bundle zod and the shared contract into it.
      externalizeDeps: false,
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src/renderer',
    build: {
      outDir: 'out/renderer',
      // The panel ships to users: minified it loads faster (the main process stays readable for stack traces).
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
    plugins: [react()],
  },
});
