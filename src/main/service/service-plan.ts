// The files and the exact commands of `gatehouse service install|uninstall|status` for each service
// manager, as data: the CLI previews them, then (with --write) writes the files and runs the commands in
// order. systemd user units on Linux, launchd agents on macOS; Windows has no built-in user service
// manager Gatehouse drives (the README shows Task Scheduler instead).
import { join } from 'node:path';
import { GatewayError } from '../common/errors';
import { renderLaunchdPlist } from './launchd-plist';
import { LAUNCHD_LABEL, SERVICE_NAME, type ServiceSpec } from './service-spec';
import { renderSystemdUnit } from './systemd-unit';

export type ManagerKind = 'systemd' | 'launchd';

export interface ServiceHost {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  home: string;
  uid: number;
}

export interface InstallPlan {
  manager: ManagerKind;
  /** The unit (systemd) or plist (launchd) file and its text. */
  file: string;
  text: string;
  /** Run in order after the file is written. */
  commands: string[][];
}

export interface RemovePlan {
  manager: ManagerKind;
  file: string;
  /** `before` run before the file is removed, `after` once it is gone. */
  before: string[][];
  after: string[][];
}

export const SYSTEMD_UNIT = `${SERVICE_NAME}.service`;
export const STATUS_PROPERTIES = ['LoadState', 'ActiveState', 'SubState', 'MainPID', 'NRestarts', 'UnitFileState', 'ExecMainStatus'];

export function managerFor(platform: NodeJS.Platform): ManagerKind {
  if (platform === 'linux') return 'systemd';
  if (platform === 'darwin') return 'launchd';
  throw new GatewayError('E101', `gatehouse service: no service manager on ${platform} that Gatehouse drives`, { platform },
    'on Windows, run "gatehouse serve --transport http" from Task Scheduler at log-on (see the README, "Running as a service")');
}

export function serviceFile(host: ServiceHost): string {
  if (managerFor(host.platform) === 'launchd') return join(host.home, 'Library', 'LaunchAgents', `${LAUNCHD_LABEL}.plist`);
  const config = host.env.XDG_CONFIG_HOME?.startsWith('/') ? host.env.XDG_CONFIG_HOME : join(host.home, '.config');
  return join(config, 'systemd', 'user', SYSTEMD_UNIT);
}

const launchdTarget = (host: ServiceHost) => `gui/${host.uid}`;

export function installPlan(spec: ServiceSpec, host: ServiceHost): InstallPlan {
  const file = serviceFile(host);
  if (managerFor(host.platform) === 'launchd') {
    return {
      manager: 'launchd',
      file,
      text: renderLaunchdPlist(spec, host.home),
      // bootout first: bootstrap refuses a label that is already loaded (a reinstall).
      commands: [['launchctl', 'bootout', `${launchdTarget(host)}/${LAUNCHD_LABEL}`], ['launchctl', 'bootstrap', launchdTarget(host), file]],
    };
  }
  return {
    manager: 'systemd',
    file,
    text: renderSystemdUnit(spec),
    // restart, not start: a reinstall must run the new unit.
    commands: [['systemctl', '--user', 'daemon-reload'], ['systemctl', '--user', 'enable', SYSTEMD_UNIT], ['systemctl', '--user', 'restart', SYSTEMD_UNIT]],
  };
}

export function removePlan(host: ServiceHost): RemovePlan {
  const file = serviceFile(host);
  if (managerFor(host.platform) === 'launchd') {
    return { manager: 'launchd', file, before: [['launchctl', 'bootout', `${launchdTarget(host)}/${LAUNCHD_LABEL}`]], after: [] };
  }
  return { manager: 'systemd', file, before: [['systemctl', '--user', 'disable', '--now', SYSTEMD_UNIT]], after: [['systemctl', '--user', 'daemon-reload']] };
}

export function statusCommand(host: ServiceHost): string[] {
  if (managerFor(host.platform) === 'launchd') return ['launchctl', 'print', `${launchdTarget(host)}/${LAUNCHD_LABEL}`];
  return ['systemctl', '--user', 'show', SYSTEMD_UNIT, `--property=${STATUS_PROPERTIES.join(',')}`];
}

/** `systemd-analyze --user verify FILE`: systemd's own check of a unit, where systemd-analyze exists. */
export function verifyCommand(file: string): string[] {
  return ['systemd-analyze', '--user', 'verify', file];
}

/** `systemctl show` output (KEY=value lines) as a record. */
export function parseShow(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) out[line.slice(0, at)] = line.slice(at + 1).trim();
  }
  return out;
}

/** The --host and --port an installed unit or plist runs the gateway with (defaults when absent). */
export function listenOf(text: string): { host: string; port: number } {
  const host = /--host["\s<>/a-z]*?([0-9A-Za-z.:[\]-]+)/.exec(text.replace(/<\/string>\s*<string>/g, ' '))?.[1] ?? '127.0.0.1';
  const port = Number(/--port["\s<>/a-z]*?(\d+)/.exec(text.replace(/<\/string>\s*<string>/g, ' '))?.[1] ?? 3344);
  return { host, port };
}
