// What every discovery tool shares for the life of one core: the context, the install jobs and the
// manifest (re-read only when a file's bytes change; see manifest.ts).
import type { GatewayContext } from '../gateway/meta-tool';
import { JobRegistry } from './jobs';
import { loadManifest } from './manifest';
import type { DiscoveryContext, Manifest } from './types';

export interface DiscoveryState {
  ctx: DiscoveryContext;
  jobs: JobRegistry;
  manifest(): Manifest;
  activate(gateway: GatewayContext): Promise<void>;
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
    activate: ctx.activate ?? (async (gateway) => void (await gateway.reload())),
    credentialAvailable: ctx.credentialAvailable ?? (async (name) => Boolean(ctx.env[name])),
    idleTimeoutMs: ctx.installIdleTimeoutMs ?? INSTALL_IDLE_TIMEOUT_MS,
  };
}
