// The project a client works in, when it says so: an attached stdio client (the bridge) names its own
// project root in the `Gatehouse-Project` header, percent-encoded. Only a caller holding the gateway's
// per-run instance token (principal kind `local`, i.e. a process of this user on this machine) may name
// one; from anyone else the header is ignored, so a remote client cannot make the gateway read a path.
import type { IncomingMessage } from 'node:http';
import { isAbsolute } from 'node:path';
import type { Principal } from './auth/types';
import { headerValue } from './replies';

export const PROJECT_HEADER = 'gatehouse-project';
const MAX_LENGTH = 4096;

export function clientProject(req: IncomingMessage, principal: Principal): string | null {
  if (principal.kind !== 'local') return null;
  const raw = headerValue(req, PROJECT_HEADER);
  if (!raw || raw.length > MAX_LENGTH) return null;
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return isAbsolute(path) && !path.includes('\0') ? path : null;
}

export function projectHeader(root: string): Record<string, string> {
  return { [PROJECT_HEADER]: encodeURIComponent(root) };
}
