// What every discovery tool shares for the life of one core: the context, the install jobs and the
// manifest (re-read only when a file's bytes change; see manifest.ts).
import { JobRegistry } from './jobs';
import { loadManifest } from './manifest';
import type { DiscoveryContext, DiscoveryHost, Manifest } from './types';

export interface DiscoveryState {
  ctx: DiscoveryContext;
  jobs: JobRegistry;
  manifest(): Manifest;
  activate(host: DiscoveryHost): Promise<void>;
  credentialAvailable(name: string): Promise<boolean>;
  idleTimeoutMs: number;
}

export const INSTALL_IDLE_TIMEOUT_MS = 120_000;

export function createDiscoveryState(ctx: DiscoveryContext): DiscoveryState {
  const reported = new Set<string>();
  return {
    ctx,
    jobs: new JobRegistry(),
    manifest() {
      const manifest = loadManifest(ctx);
      for (const issue of manifest.issues) {
        if (!reported.has(issue)) ctx.log(`manifest: ${issue}`);
        reported.add(issue);
      }
      return manifest;
    },
    activate: ctx.activate ?? (async (host) => void (await host.reload())),
    credentialAvailable: ctx.credentialAvailable ?? (async (name) => Boolean(ctx.env[name])),
    idleTimeoutMs: ctx.installIdleTimeoutMs ?? INSTALL_IDLE_TIMEOUT_MS,
  };
}
