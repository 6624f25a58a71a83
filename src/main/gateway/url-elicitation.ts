// A downstream call that fails with -32042 (URL elicitation required, MCP 2025-11-25): the server needs
// the user to open a URL first (a sign-in, a consent page). The caller gets the fixed errors entry, the
// elicitations with sanitised URLs, and the auth_connect step that acknowledges each (contract §2.3).
import { GatewayError } from '../common/errors';
import { sanitizedUrl } from '../common/safe-url';

/** The fixed errors[] entry for this failure (contract §2.1: a plain string, not a JSON error). */
export const URL_ELICITATION_ENTRY = 'URL-mode elicitation required.';

const MESSAGE_LIMIT = 300;
// Ids are echoed inside a next_step call string: quotes or newlines there would break it.
const SAFE_ID = /^[A-Za-z0-9._~:+/=-]{1,128}$/;

export interface UrlElicitation {
  elicitation_id: string;
  url: string | null;
  message: string | null;
  next_step: string;
}

function readElicitations(server: string, data: unknown): UrlElicitation[] {
  const list = (data as { elicitations?: unknown } | null)?.elicitations;
  if (!Array.isArray(list)) return [];
  return list.flatMap((raw: unknown): UrlElicitation[] => {
    const item = (raw ?? {}) as { elicitationId?: unknown; url?: unknown; message?: unknown };
    const id = typeof item.elicitationId === 'string' && SAFE_ID.test(item.elicitationId) ? item.elicitationId : null;
    if (!id) return [];
    return [{
      elicitation_id: id,
      url: sanitizedUrl(item.url),
      message: typeof item.message === 'string' ? item.message.slice(0, MESSAGE_LIMIT) : null,
      next_step: `gateway.auth_connect(server_name='${server}', auth_mode='url_elicitation', elicitation_id='${id}', consent_acknowledged=true)`,
    }];
  });
}

/** The error for a -32042 answer; its details hold the auth fields invoke lifts to the top level. */
export function urlElicitationError(server: string, toolId: string, data: unknown): GatewayError {
  const elicitations = readElicitations(server, data);
  return new GatewayError(
    'E302',
    URL_ELICITATION_ENTRY,
    {
      server,
      tool_id: toolId,
      source: 'downstream',
      jsonrpc_code: -32042,
      auth_state: 'elicitation_required',
      next_step: `gateway.auth_connect(server_name='${server}')`,
      url_elicitations: elicitations,
    },
    'ask the user to open the URL and finish there, acknowledge with the elicitation\'s next_step, then call the tool again',
    true,
  );
}

/** Whether an error is a URL elicitation (answered with the fixed errors entry). */
export function isUrlElicitation(error: unknown): boolean {
  return error instanceof GatewayError && error.details.auth_state === 'elicitation_required' && Array.isArray(error.details.url_elicitations);
}
