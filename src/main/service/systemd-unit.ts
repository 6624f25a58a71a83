// The systemd user unit for `gatehouse serve --transport http`: restart on failure (with a start limit so a
// broken config does not spin), the console lines to journald under the identifier `gatehouse`, a stop
// timeout longer than the gateway's own 10 s for stopping its children, and the auth token from an
// EnvironmentFile or the keychain — never in the unit itself.
import type { ServiceSpec } from './service-spec';

/** One ExecStart word: quoted when it holds spaces or quotes; `%` and `$` escaped (systemd expands them). */
export function systemdWord(word: string): string {
  const escaped = word.replace(/%/g, '%%').replace(/\$/g, '$$$$');
  if (escaped !== '' && !/[\s"'\\;]/.test(escaped)) return escaped;
  return `"${escaped.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** A value of Environment=: the whole assignment quoted, so spaces survive. */
function environmentLine(name: string, value: string): string {
  return `Environment="${name}=${value.replace(/%/g, '%%').replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

export function renderSystemdUnit(spec: ServiceSpec): string {
  const lines = [
    '# Written by `gatehouse service install`; `gatehouse service uninstall` removes it.',
    '# Logs: journalctl --user -u gatehouse   (gateway.log keeps every line too: gatehouse logs)',
    '[Unit]',
    `Description=Gatehouse MCP gateway (http://${spec.host}:${spec.port}/mcp)`,
    'After=network.target',
    // Five failed starts in five minutes and systemd gives up until `systemctl --user restart gatehouse`.
    'StartLimitIntervalSec=300',
    'StartLimitBurst=5',
    '',
    '[Service]',
    'Type=simple',
    `ExecStart=${spec.argv.map(systemdWord).join(' ')}`,
    ...Object.entries(spec.environment).map(([name, value]) => environmentLine(name, value)),
    ...(spec.envFile ? [`# GATEHOUSE_AUTH_TOKEN lives in this file (mode 0600), not here.`, `EnvironmentFile=${systemdWord(spec.envFile)}`] : []),
    ...(spec.tokenSource === 'keychain' ? ['# GATEHOUSE_AUTH_TOKEN is read from the OS keychain (gatehouse secrets set GATEHOUSE_AUTH_TOKEN).'] : []),
    'Restart=on-failure',
    'RestartSec=2',
    // SIGTERM to the gateway, which stops its children (10 s); anything left is killed after 20 s.
    'KillMode=mixed',
    'TimeoutStopSec=20',
    'StandardOutput=journal',
    'StandardError=journal',
    'SyslogIdentifier=gatehouse',
    '',
    '[Install]',
    'WantedBy=default.target',
    '',
  ];
  return lines.join('\n');
}
