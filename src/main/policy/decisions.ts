// Turns the compiled rules into the answers the gateway needs: booleans for filtering lists, and
// decisions carrying the contract's error code and wording for refusing a call (§2.1, §5).
import { resourceSubjects } from './resource-uri';
import { allowedBy, allowedBySubjects, gatewayToolSpellings, packageSpellings, type SectionRules } from './rules';
import type { PolicyDecision, PolicyDecisions, PolicyError, PolicySource, RelayKind } from './types';

/**
 * With an invalid policy these meta-tools still answer: health and config_status so the operator can
 * see `policy_error` (contract §5), and refresh so a fixed file can be reloaded without a restart.
 * Every other meta-tool is refused with E102: the broken file's gateway_tools rules cannot be read,
 * so nothing else is assumed allowed.
 */
export const FAIL_CLOSED_GATEWAY_TOOLS: readonly string[] = ['gateway.config_status', 'gateway.health', 'gateway.refresh'];


const ALLOWED: PolicyDecision = { allowed: true };

// The rules of one policy never change (a reload builds new decisions), and the same few names are
// asked about on every call and every list: each answer is kept, within a bound, instead of matching
// every glob of every layer again (issue 15: the hop's own CPU).
const REMEMBERED_LIMIT = 10_000;

function remembered<A extends string[]>(decide: (...args: A) => PolicyDecision): (...args: A) => PolicyDecision {
  const answers = new Map<string, PolicyDecision>();
  return (...args: A) => {
    const key = args.join('\0');
    let answer = answers.get(key);
    if (!answer) {
      answer = decide(...args);
      if (answers.size >= REMEMBERED_LIMIT) answers.clear();
      answers.set(key, answer);
    }
    return answer;
  };
}

export function decisionsFor(rules: SectionRules, error: PolicyError | null, sources: readonly PolicySource[]): PolicyDecisions {
  const files = sources.filter((source) => source.used).map((source) => source.path);
  const where = files.length ? files.join(' and ') : 'the policy';
  const failed: PolicyDecision | null = error ? { allowed: false, code: 'E102', message: error.message, suggestion: error.next_step } : null;
  const refuse = (code: 'E401' | 'E402', message: string, field: string): PolicyDecision => ({
    allowed: false,
    code,
    message,
    suggestion: `${field} in ${where} excludes it; ask the operator to change the policy`,
  });

  const decideServer = remembered((name: string): PolicyDecision => {
    if (failed) return failed;
    return allowedBy(rules.servers, [name]) ? ALLOWED : refuse('E401', `Server '${name}' is blocked by policy.`, 'servers.allowlist/denylist');
  });
  // A tool, resource or prompt of a denied server is denied with the server's answer (E401/E102).
  const decideMember = (section: 'tools' | 'resources' | 'prompts', noun: string) => remembered((server: string, member: string): PolicyDecision => {
    const serverDecision = decideServer(server);
    if (!serverDecision.allowed) return serverDecision;
    const id = `${server}::${member}`;
    // A URI has many spellings of one resource; names of tools and prompts are exact.
    const subjects = section === 'resources' ? resourceSubjects(server, member) : { deny: [id], allow: [id] };
    return allowedBySubjects(rules[section], subjects) ? ALLOWED : refuse('E402', `${noun} '${id}' is blocked by policy.`, `${section}.allowlist/denylist`);
  });
  const decideTool = decideMember('tools', 'Tool');
  const decideResource = decideMember('resources', 'Resource');
  const decidePrompt = decideMember('prompts', 'Prompt');
  const decideGatewayTool = remembered((name: string): PolicyDecision => {
    const { full, spellings } = gatewayToolSpellings(name);
    if (failed) return FAIL_CLOSED_GATEWAY_TOOLS.includes(full) ? ALLOWED : failed;
    return allowedBy(rules.gateway_tools, spellings)
      ? ALLOWED
      : refuse('E402', `Gateway tool blocked by policy: ${name}`, 'gateway_tools.allowlist/denylist');
  });

  // A relay is named "server::sampling" or "server::elicitation"; a bare server name covers every kind.
  const decideRelay = (server: string, kind: RelayKind): PolicyDecision => {
    const serverDecision = decideServer(server);
    if (!serverDecision.allowed) return serverDecision;
    return allowedBy(rules.relays, [`${server}::${kind}`, server])
      ? ALLOWED
      : refuse('E402', `Relaying ${kind} requests from server '${server}' to the client is blocked by policy.`, 'relays.allowlist/denylist');
  };

  return {
    serverAllowed: (name) => decideServer(name).allowed,
    toolAllowed: (server, tool) => decideTool(server, tool).allowed,
    resourceAllowed: (server, uri) => decideResource(server, uri).allowed,
    promptAllowed: (server, name) => decidePrompt(server, name).allowed,
    gatewayToolAllowed: (name) => decideGatewayTool(name).allowed,
    // Packages are not downstream servers yet: an invalid policy approves none of them.
    packageAllowed: (spec) => !failed && allowedBy(rules.packages, packageSpellings(spec)),
    decideServer,
    decideTool,
    decideResource,
    decidePrompt,
    decideGatewayTool,
    decideRelay,
  };
}
