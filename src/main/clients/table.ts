// Every MCP client `gatehouse setup` knows, as data: where its user-level config file lives on each OS,
// the file's format, the key path of its servers map, and how it spells a stdio entry and an HTTP entry.
// Adding a client is adding a row here; nothing else branches on the client (peers.md: Docker's
// declarative client table). Each row names the pages its facts were checked against.
//
// Templates are plain data with slots: a string equal to "<args>" becomes the launcher's argument array,
// "<argv>" the command followed by its arguments; inside any other string "<command>", "<url>" and
// "<token-env>" are replaced by the launcher command, the gateway URL and the variable NAME given with
// --token-env. The value of a token is never written anywhere: only a reference the client expands.

/** Where a path starts; the rest of it is `parts` (resolved per platform by paths.ts). */
export interface PathRule {
  base: 'home' | 'xdgConfig' | 'appData' | 'macAppSupport';
  parts: string[];
}

export type ClientFormat = 'json' | 'jsonc' | 'toml';

export type TemplateValue = string | TemplateValue[] | { [key: string]: TemplateValue };
export type Template = Record<string, TemplateValue>;

export interface ClientSpec {
  id: string;
  label: string;
  /** The pages these facts come from (official docs first). */
  docs: string[];
  /** json: strict (the client rejects comments); jsonc: comments and trailing commas allowed. */
  format: ClientFormat;
  /** Candidate files per OS: the first that exists is used, else the first is created. */
  file: { linux: PathRule[]; darwin: PathRule[]; win32: PathRule[] };
  /** A variable that moves the client's whole config folder (on every OS): the file is then `$env/<file>`. */
  override?: { env: string; file: string };
  /**
   * Folders whose presence means the client is installed; default: the config file's own folder. A folder
   * counts only when it holds something Gatehouse did not write (setup --write creates the config file
   * and its folder): see list.ts.
   */
  detect?: { linux: PathRule[]; darwin: PathRule[]; win32: PathRule[] };
  /** Commands the client installs on PATH (its CLI or launcher); finding one means it is installed. */
  binaries: string[];
  /** Key path of the object that maps server names to entries. */
  servers: string[];
  stdio: Template;
  /** How an HTTP connection is spelled; "stdio-proxy" for clients that only launch commands. */
  http: Template | 'stdio-proxy';
  /** Merged into the HTTP entry for --token-env, or the reason this client cannot reference a variable. */
  auth: { template: Template } | { refuse: string };
}

const home = (...parts: string[]): PathRule => ({ base: 'home', parts });
const xdg = (...parts: string[]): PathRule => ({ base: 'xdgConfig', parts });
const appData = (...parts: string[]): PathRule => ({ base: 'appData', parts });
const macSupport = (...parts: string[]): PathRule => ({ base: 'macAppSupport', parts });
const everywhere = (...rules: PathRule[]) => ({ linux: rules, darwin: rules, win32: rules });
/** An Electron app's user-data folder: XDG config on Linux, Application Support on macOS, roaming AppData on Windows. */
const appFolder = (...parts: string[]) => ({ linux: [xdg(...parts)], darwin: [macSupport(...parts)], win32: [appData(...parts)] });

const STDIO_PLAIN: Template = { command: '<command>', args: '<args>' };
const BEARER_HEADER = (reference: string) => ({ template: { headers: { Authorization: `Bearer ${reference}` } } });

export const CLIENTS: readonly ClientSpec[] = [
  {
    id: 'claude-code',
    label: 'Claude Code',
    // code.claude.com/docs/en/mcp ("MCP installation scopes": user scope lives in ~/.claude.json under
    // mcpServers; "Environment variable expansion": ${VAR} in command, args, env, url and headers).
    // microsoft.github.io/apm/reference/mcp-variable-compatibility (checked against the client: the
    // same expansion applies to ~/.claude.json). CLAUDE_CONFIG_DIR moves the file (docs.rs lean-ctx
    // setup::claude_config_json_path; DataDog/pup#622). Not ~/.mcp.json: Claude Code reads that only as a
    // project file, and Gatehouse reads it as its own user config (contract §4.1).
    docs: ['https://code.claude.com/docs/en/mcp', 'https://microsoft.github.io/apm/reference/mcp-variable-compatibility/'],
    format: 'json',
    file: everywhere(home('.claude.json')),
    override: { env: 'CLAUDE_CONFIG_DIR', file: '.claude.json' },
    detect: everywhere(home('.claude')),
    servers: ['mcpServers'],
    binaries: ['claude'],
    stdio: { type: 'stdio', ...STDIO_PLAIN },
    http: { type: 'http', url: '<url>' },
    auth: BEARER_HEADER('${<token-env>}'),
  },
  {
    id: 'claude-desktop',
    label: 'Claude Desktop',
    // modelcontextprotocol.io/quickstart/user (macOS and Windows paths, mcpServers with command/args).
    // support.claude.com/articles/11503834: remote servers are added under Settings > Connectors;
    // claude_desktop_config.json entries with a URL are not connected. So HTTP goes through the
    // `gatehouse proxy` stdio bridge. No official Linux build: community builds read ~/.config/Claude.
    docs: ['https://modelcontextprotocol.io/quickstart/user', 'https://support.claude.com/en/articles/11503834'],
    format: 'json',
    file: appFolder('Claude', 'claude_desktop_config.json'),
    servers: ['mcpServers'],
    binaries: ['claude-desktop'],
    stdio: STDIO_PLAIN,
    http: 'stdio-proxy',
    auth: {
      refuse: 'Claude Desktop does not expand environment variables in claude_desktop_config.json. Leave out --token-env: the proxy it launches finds the running gateway\'s token itself (instance.json), or reads GATEHOUSE_AUTH_TOKEN.',
    },
  },
  {
    id: 'cursor',
    label: 'Cursor',
    // cursor.com/docs/mcp (global ~/.cursor/mcp.json, mcpServers; command/args/env for stdio, url and
    // headers for Streamable HTTP; ${env:NAME} interpolation in command, args, env, url and headers).
    docs: ['https://cursor.com/docs/mcp'],
    format: 'json',
    file: everywhere(home('.cursor', 'mcp.json')),
    servers: ['mcpServers'],
    binaries: ['cursor'],
    stdio: STDIO_PLAIN,
    http: { url: '<url>' },
    auth: BEARER_HEADER('${env:<token-env>}'),
  },
  {
    id: 'vscode',
    label: 'VS Code',
    // code.visualstudio.com/docs/copilot/reference/mcp-configuration (user-profile mcp.json, top-level
    // "servers", "type": "stdio" | "http", JSON with comments). The profile folder is VS Code's user
    // data folder: $XDG_CONFIG_HOME/Code/User, ~/Library/Application Support/Code/User, %APPDATA%\Code\User.
    // ${env:NAME} in "headers" is not substituted (microsoft/vscode#336232, open), so no token header.
    docs: ['https://code.visualstudio.com/docs/copilot/reference/mcp-configuration', 'https://github.com/microsoft/vscode/issues/336232'],
    format: 'jsonc',
    file: appFolder('Code', 'User', 'mcp.json'),
    servers: ['servers'],
    binaries: ['code'],
    stdio: { type: 'stdio', ...STDIO_PLAIN },
    http: { type: 'http', url: '<url>' },
    auth: {
      refuse: 'VS Code does not expand ${env:NAME} in MCP "headers" (microsoft/vscode#336232), and Gatehouse never writes a token value into a client config. Use --mode stdio: the client then launches gatehouse, which attaches to the running gateway with its local credentials.',
    },
  },
  {
    id: 'opencode',
    label: 'OpenCode',
    // opencode.ai/docs/mcp-servers ("mcp"; type "local" with a command array, type "remote" with url and
    // headers). opencode.ai/docs/config (global ~/.config/opencode/opencode.json, JSON or JSONC,
    // {env:NAME} substitution). The folder is xdg-basedir's config dir on every OS, Windows included
    // (anomalyco/opencode#6669, vercel-labs/skills#63).
    docs: ['https://opencode.ai/docs/mcp-servers/', 'https://opencode.ai/docs/config/'],
    format: 'jsonc',
    file: everywhere(xdg('opencode', 'opencode.json'), xdg('opencode', 'opencode.jsonc')),
    servers: ['mcp'],
    binaries: ['opencode'],
    stdio: { type: 'local', command: '<argv>' },
    http: { type: 'remote', url: '<url>' },
    auth: BEARER_HEADER('{env:<token-env>}'),
  },
  {
    id: 'codex',
    label: 'Codex CLI',
    // developers.openai.com/codex/mcp (~/.codex/config.toml, [mcp_servers.<name>] with command/args for
    // stdio, url for Streamable HTTP, bearer_token_env_var names the variable holding the token).
    // CODEX_HOME moves the folder.
    docs: ['https://developers.openai.com/codex/mcp'],
    format: 'toml',
    file: everywhere(home('.codex', 'config.toml')),
    override: { env: 'CODEX_HOME', file: 'config.toml' },
    servers: ['mcp_servers'],
    binaries: ['codex'],
    stdio: STDIO_PLAIN,
    http: { url: '<url>' },
    auth: { template: { bearer_token_env_var: '<token-env>' } },
  },
  {
    id: 'gemini',
    label: 'Gemini CLI',
    // geminicli.com/docs/tools/mcp-server (mcpServers; command/args for stdio, httpUrl for Streamable
    // HTTP, headers). geminicli.com/docs/reference/configuration (~/.gemini/settings.json; strings may
    // reference $VAR or ${VAR}). The settings loader strips comments (strip-json-comments).
    docs: ['https://geminicli.com/docs/tools/mcp-server/', 'https://geminicli.com/docs/reference/configuration'],
    format: 'jsonc',
    file: everywhere(home('.gemini', 'settings.json')),
    servers: ['mcpServers'],
    binaries: ['gemini'],
    stdio: STDIO_PLAIN,
    http: { httpUrl: '<url>' },
    auth: BEARER_HEADER('${<token-env>}'),
  },
];

export function findClient(id: string): ClientSpec | undefined {
  return CLIENTS.find((client) => client.id === id);
}

export const CLIENT_IDS = CLIENTS.map((client) => client.id);
