// The `exposure` section compiled: which mode a client gets for a server's tools, and which tools are
// pinned. Only the operator's own policy file sets it (a project file cannot; validate.ts warns).
import { GlobList } from './glob';
import type { ExposureMode, ExposurePolicy, ExposureSettings } from './types';

const PROGRESSIVE_ONLY: ExposurePolicy = {
  modeFor: () => 'progressive',
  pinned: () => false,
  progressiveOnly: true,
};

function byGlob(entries: [string, ExposureMode][]): [GlobList, ExposureMode][] {
  return entries.map(([glob, mode]) => [new GlobList([glob]), mode]);
}

/** The first entry whose glob matches wins, in file order. */
function lookup(entries: [GlobList, ExposureMode][], subject: string | null): ExposureMode | null {
  if (subject === null) return null;
  return entries.find(([glob]) => glob.matches(subject))?.[1] ?? null;
}

export function compileExposure(settings: ExposureSettings | null): ExposurePolicy {
  if (!settings) return PROGRESSIVE_ONLY;
  const clients = byGlob(settings.clients);
  const servers = byGlob(settings.servers);
  const pinned = new GlobList(settings.pinned);
  const fallback = settings.mode ?? 'progressive';
  const modes = [fallback, ...settings.clients.map(([, mode]) => mode), ...settings.servers.map(([, mode]) => mode)];
  return {
    // The client's own setting wins: a client that cannot search asks for aggregate whatever the server.
    modeFor: (client, server) => lookup(clients, client) ?? lookup(servers, server) ?? fallback,
    pinned: (server, tool) => pinned.matches(`${server}::${tool}`),
    progressiveOnly: modes.every((mode) => mode === 'progressive'),
  };
}
