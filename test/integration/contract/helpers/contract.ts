// Names and fixed strings from gateway-contract.md, shared by the contract tests.

/** Core, lifecycle, monitoring and task tools, and auth_connect (contract §2.3, §2.4, §2.6, §2.5). */
export const CORE_META_TOOLS = [
  'gateway.auth_connect',
  'gateway.cancel',
  'gateway.catalog_search',
  'gateway.config_status',
  'gateway.connect_server',
  'gateway.describe',
  'gateway.disconnect_server',
  'gateway.get_startup_policy',
  'gateway.health',
  'gateway.invoke',
  'gateway.list_pending',
  'gateway.refresh',
  'gateway.restart_server',
  'gateway.set_startup_policy',
  'gateway.tasks_cancel',
  'gateway.tasks_get',
  'gateway.tasks_list',
  'gateway.tasks_result',
] as const;

/** The rest of §2.5: discovery and provisioning. */
export const DISCOVERY_META_TOOLS = [
  'gateway.provision',
  'gateway.provision_status',
  'gateway.register_discovered_server',
  'gateway.request_capability',
  'gateway.search_registry',
  'gateway.submit_feedback',
  'gateway.sync_environment',
  'gateway.update_server',
] as const;

/** The 26 names of tools/list, sorted (contract §1). */
export const CONTRACT_META_TOOLS: string[] = [...CORE_META_TOOLS, ...DISCOVERY_META_TOOLS].sort();

/**
 * What tools/list shows by default, the core profile (issue 15): the rest of the 26 are listed under the
 * full profile (policy gateway_tools.profile: full, or GATEHOUSE_TOOLS_PROFILE=full) and callable by name
 * under either.
 */
export const CORE_PROFILE_TOOLS: string[] = ['gateway.catalog_search', 'gateway.describe', 'gateway.health', 'gateway.invoke', 'gateway.tasks_result'];

/** The environment that lists all 26 (the contract's tools/list). */
export const FULL_PROFILE = { GATEHOUSE_TOOLS_PROFILE: 'full' } as const;

/** §3: an MCP tool name, 1–128 chars of A-Za-z0-9_-. */
export const META_TOOL_NAME = /^gateway\.[A-Za-z0-9_.-]{1,120}$/;

export const TRUNCATION_MARKER = /\[\.\.\. OUTPUT TRUNCATED: (\d+) bytes -> (\d+) bytes \.\.\.\]$/;
