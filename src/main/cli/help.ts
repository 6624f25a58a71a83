import { GATEHOUSE_VERSION } from '../common/version';

export const HELP = `gatehouse ${GATEHOUSE_VERSION} — one MCP gateway for every MCP client

Usage:
  gatehouse serve [--transport stdio|http] [--host 127.0.0.1] [--port 3344]
                  [--config FILE] [--project DIR] [--policy FILE] [--standalone] [--verbose]
                  [--auth none|shared-secret|resource-server] [--auth-token-file FILE]
                  [--oauth-issuer URL --oauth-jwks-url URL --oauth-audience URI]
                  [--oauth-algorithm ALG]... [--required-scope SCOPE]... [--oauth-allow-loopback-issuer]
                  [--allowed-origin URL]... [--public-url URL] [--rate-limit RPM] [--trust-proxy]
                  [--request-timeout SECONDS] [--metrics-public] [--allow-insecure-bind]
      Run the gateway. stdio (the default) is what MCP clients launch; if a gateway already
      runs (instance.json) it attaches to it (--standalone: never). http serves streamable
      HTTP at http://HOST:PORT/mcp plus /health and /metrics (port: --port, else "port" in
      settings.json, else 3344); it refuses to start (exit 75) while another gateway — the desktop
      app or another serve — is announced, unless --standalone. The console shows start-up, warnings
      and errors; --verbose adds routine lines (sessions ending, servers spawned, ready, stopped,
      their stderr). gateway.log keeps every line either way. Behind a load balancer each replica
      gets GATEHOUSE_REPLICA_ID (session ids, task ids and cursors then start with it; see deploy/).
  gatehouse service install [--port PORT] [--host 127.0.0.1] [--auth env-file|keychain|none]
                            [--config FILE] [--policy FILE] [--write]
  gatehouse service uninstall [--write]
  gatehouse service status [--json]
      Run "serve --transport http" as a user service: a systemd user unit (Linux) or a launchd agent
      (macOS), restarted on failure, logging to journald (journalctl --user -u gatehouse). The auth
      token stays in a 0600 env file beside the config (env-file, the default) or in the keychain,
      never in the unit; the port is --port, else settings.json's, else 3344. install and
      uninstall preview; --write applies. status: the service
      manager's state and the gateway's /health; exit 0 running and healthy, 1 not, 3 not installed.
  gatehouse init [--everything] [--server NAME=COMMAND...] [--policy] [--force] [--write] [--json]
      A starter ~/.mcp.json (servers added, every other key kept) and policy.yaml. Asks on a
      terminal when given no flags; previews, then writes with --write.
  gatehouse proxy --url http://127.0.0.1:PORT/mcp [--auth-token-file FILE]
      Relay stdio to a running gateway (loopback URLs only).
  gatehouse status [--json] [--server NAME] [--port 3344] [--config FILE] [--project DIR]
      Show the running gateway's servers (or, when none runs, the configured ones). --server NAME:
      that one server and its confinement, every mount included.
  gatehouse logs [--tail 100] [--follow] [--server NAME] [--audit] [--json]
      The gateway's log ($XDG_STATE_HOME/gatehouse/logs/gateway.log, kept by "gatehouse serve" and the
      desktop app), across rotated files. --audit: the audit trail (audit.jsonl) as a table; --json: one
      JSON object a line; --server: that server's lines or events (spawn, handshake, stderr, exit, stop);
      --follow: keep printing until Ctrl-C.
      Exit 1 when there is no log yet.
  gatehouse refresh [--force] [--source claude_config|custom] [--port 3344] [--json]
      Ask the running gateway to re-read its config and say what changed (servers started, stopped,
      restarted). Exit 1 when no gateway runs or the refresh is refused (calls pending; --force cancels them).
  gatehouse provision NAME [--port 3344] [--json]
      Ask the running gateway to provision a manifest or registered server (the install job an agent
      starts with gateway.provision) and follow it: a progress bar on a terminal, one line per stage
      (download, install, start, tools) otherwise. A failure shows the installer's last lines; a missing
      credential says which "secrets set" to run. Exit 0 ready, 1 failed or no gateway.
  gatehouse secrets set NAME [--scope user|project|tenant] [--project DIR] [--tenant ID] [--json]
      Store a credential in the OS keychain. The value comes from stdin or a hidden prompt;
      "set NAME VALUE --value-from-arg" takes it from the command line (visible in process lists).
  gatehouse secrets list [--project DIR] [--tenant ID] [--all] [--json]
      Names, scopes, presence, last change and which source is used; never values.
  gatehouse secrets delete NAME [--scope user|project|tenant] [--project DIR] [--tenant ID]
  gatehouse secrets import [FILE] [--scope S] [--apply] [--overwrite] [--delete-file] [--json]
      Preview (then --apply) importing a dotenv file into the keychain; without FILE, PMCP's
      ~/.config/pmcp/pmcp.env (user scope) and <project>/.env.pmcp (project scope).
  gatehouse secrets sync --from-scope S --to-scope S [NAME...] [--tenant ID] [--overwrite] [--apply]
  gatehouse auth connect SERVER [--scope SCOPES] [--timeout SECONDS] [--config FILE] [--project DIR]
      OAuth sign-in to a remote server without an Authorization header: prints the URL to open,
      waits for the browser on a loopback redirect and keeps the tokens in the OS keychain.
  gatehouse auth status [SERVER] [--json]
  gatehouse auth sign-out SERVER
      Revoke the server's tokens at its authorization server and delete them from the keychain.
  gatehouse mcp verify  [--root DIR] [--offline] [--cache-dir ABS] [--json]
  gatehouse mcp prepare [--root DIR] [--offline] [--cache-dir ABS] [--json]
      Check a Python runtime root (policy, recomputed digests, hash-locked lock, PEP 723 headers, uv);
      prepare fills uv's cache (online) or proves it offline-ready. Exit 0 ok, 2 usage, 3 failed.
  gatehouse doctor [--root DIR] [--category host,runtime] [--offline] [--cache-dir ABS]
                   [--config FILE] [--project DIR] [--json]
      Read-only diagnosis with stable finding IDs. Exit 0 none, 1 error findings, 3 could not run.
  gatehouse trust [status] [--project DIR] [--json]
      A project's .mcp.json and .gatehouse/manifest.yaml count only once their exact bytes are
      approved. Shows each file's state (approved, changed, not approved), SHA-256 and what it would
      launch (variable names only). Exit 0 all approved or no project files, 1 something waits.
  gatehouse trust approve [FILE...] [--project DIR] [--sha256 HEX] [--yes] [--json]
      Review, then approve the exact bytes (default: the project's files). Asks on a terminal;
      otherwise needs --yes, or --sha256 with the full digest reviewed (one file; refused if the
      file no longer has it). Any later edit needs a new approval. A running gateway applies it.
  gatehouse trust revoke [FILE...] [--project DIR] [--json]
  gatehouse trust approve-package SPEC [--yes] [--json]
  gatehouse trust revoke-package SPEC [--json]
      Approve (or withdraw) one exact version of a discovered package: npm:@scope/name@1.2.3 or
      pypi:name==1.2.3.
  gatehouse trust list [--json]
      Every approval in trust.json: files (digest, time, whether the file still matches), packages.
      Exit 0 done, 1 refused, declined or waiting for approval, 64 usage.
  gatehouse setup --client CLIENT [--mode stdio|http] [--port 3344] [--token-env NAME]
                  [--command gatehouse] [--name gatehouse] [--write] [--json]
      Connect an MCP client to Gatehouse: preview (then --write) the one entry in the client's own
      user config. CLIENT: claude-code, claude-desktop, cursor, vscode, opencode, codex, gemini.
      stdio (default): the client launches "gatehouse serve --transport stdio" (this node and this
      checkout's bin/gatehouse.mjs, or --command), which joins a running gateway. http: the client
      connects to http://127.0.0.1:PORT/mcp; --token-env NAME adds a bearer header that references
      the variable (never its value), where the client expands variables. Only that entry changes.
  gatehouse setup --client CLIENT --remove [--name gatehouse] [--write] [--json]
  gatehouse setup --list [--name gatehouse] [--json]
      Each client: installed or not, its config file, and what its gatehouse entry points at.
      Exit 0 done or nothing to do, 1 refused, 64 usage.
  gatehouse help | --help     Show this help.
  gatehouse --version         Print the version.

Config: <project>/.mcp.json, then ~/.mcp.json and ~/.claude/.mcp.json, then --config
(or GATEHOUSE_CONFIG). With no config file at all, an embedded demo config is used.
`;
