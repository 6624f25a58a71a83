import { GATEHOUSE_VERSION } from '../core/version';

export const HELP = `gatehouse ${GATEHOUSE_VERSION} — one MCP gateway for every MCP client

Usage:
  gatehouse serve [--transport stdio|http] [--host 127.0.0.1] [--port 3344]
                  [--config FILE] [--project DIR]
      Run the gateway. stdio (the default) is what MCP clients launch; http serves
      streamable HTTP at http://HOST:PORT/mcp and /health, loopback only.
  gatehouse status [--json] [--port 3344] [--config FILE] [--project DIR]
      Show the running gateway's servers (or, when none runs, the configured ones).
  gatehouse help | --help     Show this help.
  gatehouse --version         Print the version.

Config: <project>/.mcp.json, then ~/.mcp.json and ~/.claude/.mcp.json, then --config
(or GATEHOUSE_CONFIG). With no config file at all, an embedded demo config is used.
`;
