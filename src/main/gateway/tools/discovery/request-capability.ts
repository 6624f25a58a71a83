// gateway.request_capability (contract §2.5): maps a need to a CLI or a server. It starts, installs
// and runs nothing; unmet queries go to discovery-log.jsonl and logged_for_discovery says whether
// that write really happened.
import * as z from 'zod';
import { queryTerms } from '../../../discovery/bm25';
import { logUnmetQuery } from '../../../discovery/discovery-log';
import { type Decision, matchCapability } from '../../../discovery/matcher';
import { readDiscovered } from '../../../discovery/discovered-store';
import { stateFile } from '../../../discovery/paths';
import { searchRegistryQuick } from '../../../discovery/registry-copy';
import type { DiscoveryState } from '../../../discovery/state';
import type { CliEntry } from '../../../discovery/types';
import { jsonResult } from '../../envelope';
import type { GatewayContext } from '../../meta-tool';
import { discoveryTool } from './discovery-tool';
import { cliHint, configuredCandidate, manifestCandidate, registryCandidate, type Candidate, rankScore } from './candidate';
import { installedClis, serverFacts } from './facts';

const SEARCH_GUIDANCE = "Try gateway.search_registry(query='…') to look in the public MCP Registry, or gateway.catalog_search for tools of servers already configured.";

async function candidatesFor(state: DiscoveryState, gateway: GatewayContext, ranked: { id: string; score: number; reasoning: string }[]): Promise<Candidate[]> {
  const manifest = state.manifest();
  const out: Candidate[] = [];
  for (const { id, score, reasoning } of ranked) {
    const entry = manifest.servers.get(id);
    const handle = gateway.supervisor.get(id);
    if (entry) out.push(manifestCandidate(entry, score, reasoning, await serverFacts(state, gateway, entry)));
    else if (handle) out.push(configuredCandidate(handle, score, reasoning));
    else {
      const found = readDiscovered(state.ctx).get(id);
      if (found) out.push({ ...registryCandidate({ name: id, package: `${found.package.type === 'pypi' ? 'pypi:' : ''}${found.package.name}@${found.package.version}`, description: found.description, transport: 'stdio', env_vars: found.env_vars, url: null, remotes: [], remote_headers: [], registry_status: null, is_latest: true, server_card_url: null, protected_resource_metadata_url: null, authorization_server_metadata_url: null, declared_scopes: [], declared_capabilities: [], diagnostics: [] }, score), reasoning: `${reasoning} Registered from the registry; provisioning needs operator approval of its package.`, provisionable: true, provision_tool: 'gateway.provision' });
    }
  }
  return out;
}

function apiKeyFields(candidates: Candidate[]) {
  const top = candidates.find((c) => c.requires_api_key && !c.api_key_available);
  return top ? { env_var: top.env_var, env_instructions: top.env_instructions } : {};
}

export const createRequestCapabilityTool = discoveryTool('gateway.request_capability', 'Find a CLI or server for a need', {
  description:
    'Map a need to an installed CLI (use_cli), a known server (candidates / pick_from_category) or the public MCP Registry. ' +
    'Starts, installs and runs nothing; follow up with gateway.provision or the CLI itself. `reason` says why in one line.',
  annotations: { readOnlyHint: true, openWorldHint: true },
  input: z.object({
    query: z.string().min(1).describe('What you need, in plain words ("read files", "github issues").'),
    available_clis: z.array(z.string()).nullish().describe('CLI names known to be installed; skips the PATH lookup.'),
  }),
  async run(state, args, gateway) {
    const manifest = state.manifest();
    const configured = gateway.supervisor.all().map((h) => ({ name: h.name, text: h.tools.map((t) => `${t.name} ${t.description ?? ''}`).join(' ') }));
    const discovered = [...readDiscovered(state.ctx).keys()];
    const availableClis = await installedClis(state, args.available_clis);
    const decision: Decision = matchCapability({ query: args.query, manifest, configured, discovered, availableClis });
    const answer = (body: Record<string, unknown>) => jsonResult(gateway.redact({ ...body, reason: decision.reason }));

    if (decision.answer === 'use_cli' && decision.name) {
      const entry = manifest.clis.get(decision.name) as CliEntry;
      const cli = cliHint(entry, availableClis.get(decision.name) ?? null, decision.reason);
      return answer({
        status: 'use_cli',
        message: `Use Bash/direct CLI with '${cli.name}'. Gatehouse recommends the native command here; it is not running it or provisioning an MCP server for this path.`,
        candidates: [],
        cli,
        recommendation: `Run '${cli.name}' directly via Bash/direct CLI. Use gateway.request_capability again only if you need an MCP server.`,
        logged_for_discovery: false,
      });
    }
    if (decision.answer === 'server' && decision.name) {
      // A generic need for one category lists that category's servers; otherwise the best servers overall.
      const servers = decision.ranked.filter((r) => r.kind === 'server' && (!decision.category || r.category === decision.category)).slice(0, 5);
      const candidates = await candidatesFor(state, gateway, servers.map((r, i) => ({ id: r.id, score: r.score, reasoning: i === 0 ? decision.reason : `Also matched ${r.hits.map((h) => `"${h}"`).join(', ')}.` })));
      const first = candidates[0]?.name;
      return answer({
        status: decision.category ? 'pick_from_category' : 'candidates',
        message: decision.category ? `${candidates.length} server(s) in the '${decision.category}' category.` : `${candidates.length} server(s) match; '${first}' fits best.`,
        candidates,
        category_name: decision.category,
        recommendation: first ? `Call gateway.provision(server_name='${first}')` : null,
        ...(decision.category ? {} : { server: first }),
        ...apiKeyFields(candidates),
        logged_for_discovery: false,
      });
    }
    // Nothing local: only the registry may answer now. A need with no meaningful word ("I", "the") is
    // not worth a registry round trip.
    const registry = queryTerms(args.query).length ? await searchRegistryQuick(state.ctx, args.query, 5) : { ok: true as const, results: [], cached: false };
    const guardNote = decision.unknown.length ? `No local server or CLI is known for '${decision.unknown.join("', '")}'. ` : '';
    if (registry.ok && registry.results.length) {
      const candidates = registry.results.map((r, i) => registryCandidate(r, rankScore(i)));
      const logged = logUnmetQuery(stateFile(state.ctx, 'discovery-log.jsonl'), { query: args.query, status: 'candidates', reason: `${guardNote}registry only` }, (t) => gateway.redact(t));
      return answer({ status: 'candidates', message: `${guardNote}${candidates.length} registry result(s).`, candidates, recommendation: `Call gateway.register_discovered_server(package='${candidates[0]?.package ?? '…'}', server_name='…'), then ask the operator to approve the package.`, logged_for_discovery: logged });
    }
    const registryNote = registry.ok ? 'The registry had no match.' : registry.message;
    const logged = logUnmetQuery(stateFile(state.ctx, 'discovery-log.jsonl'), { query: args.query, status: 'not_available', reason: `${guardNote}${registryNote}` }, (t) => gateway.redact(t));
    const near = decision.ranked.filter((r) => r.kind === 'server').slice(0, 3).map((r) => r.id);
    const guidance = `${SEARCH_GUIDANCE}${near.length ? ` Closest known servers, none a good fit: ${near.join(', ')}.` : ''}`;
    return answer({ status: 'not_available', message: `${guardNote}No matching CLI or server. ${registryNote}`, candidates: [], logged_for_discovery: logged, search_guidance: guidance });
  },
});
