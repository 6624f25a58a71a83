// Host or container (host.environment): a container is recognised by the marker files Docker and
// Podman create. Host-only checks are deferred inside one, because they would describe the container.
import { existsSync } from 'node:fs';

export const CONTAINER_MARKERS = ['/.dockerenv', '/run/.containerenv'];

export interface EnvironmentInfo {
  kind: 'host' | 'container';
  platform: NodeJS.Platform;
  arch: string;
  marker: string | null;
}

export function detectEnvironment(markers: readonly string[] = CONTAINER_MARKERS): EnvironmentInfo {
  const marker = markers.find((path) => existsSync(path)) ?? null;
  return { kind: marker ? 'container' : 'host', platform: process.platform, arch: process.arch, marker };
}
