// What `gatehouse init` writes, worked out before anything is written: the servers added to the user's
// ~/.mcp.json (every key already there kept; a name already defined left alone unless --force) and a
// starter policy when none exists. An unreadable or malformed ~/.mcp.json is refused, never replaced.
import { GatewayError } from '../common/errors';

export interface StarterServer {
  name: string;
  command: string;
  args: string[];
}

export const EVERYTHING: StarterServer = { name: 'everything', command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] };

export const STARTER_POLICY = `# Gatehouse policy (gatehouse init). Globs are case-sensitive; deny wins over allow.
# Reference: the README, "Policy". A project's .gatehouse/policy.yaml can only narrow this.
servers:
  denylist: []
tools:
  # Tools that delete or overwrite are a good first entry, e.g. "*::delete_*".
  denylist: []
limits:
  max_output_bytes: 200000
redaction:
  # Extra patterns scrubbed from every answer, besides the built-in secret patterns.
  patterns: []
`;

export interface InitPlan {
  config: { path: string; text: string; added: string[]; skipped: string[] } | null;
  policy: { path: string; text: string } | null;
  notes: string[];
}

/** `name=command arg ...` from the command line; the name follows the server-name rules loosely. */
export function parseServerFlag(value: string): StarterServer {
  const at = value.indexOf('=');
  const name = at > 0 ? value.slice(0, at).trim() : '';
  const words = at > 0 ? value.slice(at + 1).trim().split(/\s+/).filter(Boolean) : [];
  if (!/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/.test(name) || words.length === 0) {
    throw new GatewayError('E101', `--server "${value}" is not NAME=COMMAND [ARGS...]`, { flag: '--server' }, 'for example --server "git=uvx mcp-server-git"');
  }
  const [command = '', ...args] = words;
  return { name, command, args };
}

export function planInit(input: {
  configPath: string;
  configText: string | null;
  servers: StarterServer[];
  force: boolean;
  policyPath: string | null;
  policyExists: boolean;
}): InitPlan {
  const notes: string[] = [];
  let config: InitPlan['config'] = null;
  if (input.servers.length) {
    let current: Record<string, unknown> = {};
    if (input.configText !== null && input.configText.trim() !== '') {
      try {
        const parsed: unknown = JSON.parse(input.configText);
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not a JSON object');
        current = parsed as Record<string, unknown>;
      } catch (error) {
        throw new GatewayError('E101', `${input.configPath} is not valid JSON (${error instanceof Error ? error.message : String(error)}); init leaves it alone`, { path: input.configPath },
          'fix the file, or move it away and run gatehouse init again');
      }
    }
    const existing = current.mcpServers && typeof current.mcpServers === 'object' && !Array.isArray(current.mcpServers) ? (current.mcpServers as Record<string, unknown>) : {};
    const servers: Record<string, unknown> = { ...existing };
    const added: string[] = [];
    const skipped: string[] = [];
    for (const server of input.servers) {
      if (server.name in existing && !input.force) {
        skipped.push(server.name);
        continue;
      }
      servers[server.name] = { command: server.command, args: server.args };
      added.push(server.name);
    }
    if (skipped.length) notes.push(`already defined in ${input.configPath}, left as they are: ${skipped.join(', ')} (--force replaces them)`);
    if (added.length) config = { path: input.configPath, text: `${JSON.stringify({ ...current, mcpServers: servers }, null, 2)}\n`, added, skipped };
  }
  let policy: InitPlan['policy'] = null;
  if (input.policyPath) {
    if (input.policyExists) notes.push(`${input.policyPath} exists; init leaves it alone`);
    else policy = { path: input.policyPath, text: STARTER_POLICY };
  }
  return { config, policy, notes };
}
