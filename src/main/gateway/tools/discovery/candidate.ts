// CapabilityCandidate and CLIHint shapes (contract §2.2), built from manifest entries, configured
// servers, registry results and CLI entries. Names and sanitised URLs only, never credential values.
import type { RegistryResult } from '../../../discovery/registry-parse';
import { displaySpec } from '../../../discovery/package-spec';
import type { CliEntry, ManifestServer } from '../../../discovery/types';
import type { ServerHandle } from '../../../supervisor/server-handle';
import { STATUS_WORD } from '../../status-words';

export interface Candidate {
  name: string;
  candidate_type: 'cli' | 'server';
  relevance_score: number;
  reasoning: string;
  requires_api_key: boolean;
  api_key_available: boolean;
  env_var: string | null;
  env_instructions: string | null;
  is_installed: boolean;
  is_running: boolean;
  source: 'manifest' | 'configured' | 'registry';
  transport: string | null;
  url: string | null;
  remote_headers: string[];
  package: string | null;
  server_card_url: string | null;
  protected_resource_metadata_url: string | null;
  authorization_server_metadata_url: string | null;
  declared_scopes: string[];
  declared_capabilities: string[];
  provisionable: boolean;
  provision_tool: string | null;
  request_capability_tool: string;
  auth_tool: string | null;
}

const BLANK = {
  url: null, remote_headers: [], server_card_url: null, protected_resource_metadata_url: null,
  authorization_server_metadata_url: null, declared_scopes: [], declared_capabilities: [],
  request_capability_tool: 'gateway.request_capability',
};

export interface ServerFacts {
  handle: ServerHandle | undefined;
  installed: boolean;
  /** The first required variable the gateway cannot resolve, if any. */
  missingEnvVar: string | null;
}

export function manifestCandidate(entry: ManifestServer, score: number, reasoning: string, facts: ServerFacts): Candidate {
  const requires = entry.env_vars.length > 0;
  return {
    ...BLANK,
    name: entry.name,
    candidate_type: 'server',
    relevance_score: score,
    reasoning,
    requires_api_key: requires,
    api_key_available: requires && !facts.missingEnvVar,
    env_var: facts.missingEnvVar ?? entry.env_vars[0] ?? null,
    env_instructions: requires ? entry.env_instructions : null,
    is_installed: facts.installed || Boolean(facts.handle),
    is_running: facts.handle ? STATUS_WORD[facts.handle.status] === 'online' : false,
    source: facts.handle && facts.handle.definition.source !== 'user' ? 'configured' : 'manifest',
    transport: entry.transport,
    url: entry.url,
    package: entry.package ? displaySpec(entry.package) : null,
    provisionable: true,
    provision_tool: 'gateway.provision',
    auth_tool: requires ? 'gateway.auth_connect' : null,
  };
}

export function configuredCandidate(handle: ServerHandle, score: number, reasoning: string): Candidate {
  const missing = handle.row().missing_env_vars;
  return {
    ...BLANK,
    name: handle.name,
    candidate_type: 'server',
    relevance_score: score,
    reasoning,
    requires_api_key: missing.length > 0,
    api_key_available: false,
    env_var: missing[0] ?? null,
    env_instructions: null,
    is_installed: true,
    is_running: STATUS_WORD[handle.status] === 'online',
    source: 'configured',
    transport: handle.definition.transport,
    url: handle.definition.transport === 'stdio' ? null : handle.definition.url.replace(/[?#].*$/, ''),
    package: null,
    provisionable: true,
    provision_tool: 'gateway.provision',
    auth_tool: missing.length ? 'gateway.auth_connect' : null,
  };
}

/** The registry's own order is its relevance: the first result scores 1, each next one 0.1 less. */
export function rankScore(rank: number): number {
  return Math.max(0, Math.round((1 - rank * 0.1) * 100) / 100);
}

export function registryCandidate(result: RegistryResult, score: number): Candidate {
  return {
    ...BLANK,
    name: result.name,
    candidate_type: 'server',
    relevance_score: score,
    reasoning: 'Found in the public MCP Registry; register it with gateway.register_discovered_server, then an operator approves the package.',
    requires_api_key: result.env_vars.length > 0 || result.remote_headers.length > 0,
    api_key_available: false,
    env_var: result.env_vars[0] ?? null,
    env_instructions: null,
    is_installed: false,
    is_running: false,
    source: 'registry',
    transport: result.transport,
    url: result.url,
    remote_headers: result.remote_headers,
    package: result.package,
    server_card_url: result.server_card_url,
    protected_resource_metadata_url: result.protected_resource_metadata_url,
    authorization_server_metadata_url: result.authorization_server_metadata_url,
    declared_scopes: result.declared_scopes,
    declared_capabilities: result.declared_capabilities,
    provisionable: false,
    provision_tool: null,
    auth_tool: null,
  };
}

export function cliHint(entry: CliEntry, path: string | null, reason: string) {
  return {
    name: entry.name,
    path,
    description: entry.description,
    available: path !== null,
    check_command: entry.check_command,
    help_command: entry.help_command,
    examples: entry.examples,
    prefer_mcp_for: entry.prefer_mcp_for,
    reason,
  };
}
