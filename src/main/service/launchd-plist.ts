// The launchd agent for macOS: the same `gatehouse serve --transport http`, kept alive after a failure
// (not after a clean exit), with its console lines in ~/Library/Logs/gatehouse/. launchd has no
// EnvironmentFile: in env-file mode the agent runs `/bin/sh -c '. FILE; exec ...'`, so the token stays in
// the 0600 file and out of the plist.
import { join } from 'node:path';
import { LAUNCHD_LABEL, type ServiceSpec } from './service-spec';

function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A POSIX shell word. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

export function launchdProgram(spec: ServiceSpec): string[] {
  if (!spec.envFile) return spec.argv;
  const file = shellWord(spec.envFile);
  return ['/bin/sh', '-c', `set -a; . ${file}; set +a; exec ${spec.argv.map(shellWord).join(' ')}`];
}

export function renderLaunchdPlist(spec: ServiceSpec, home: string): string {
  const logs = join(home, 'Library', 'Logs', 'gatehouse');
  const strings = (items: string[]) => items.map((item) => `    <string>${xml(item)}</string>`).join('\n');
  const env = Object.entries(spec.environment).map(([k, v]) => `    <key>${xml(k)}</key>\n    <string>${xml(v)}</string>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<!-- Written by \`gatehouse service install\`; \`gatehouse service uninstall\` removes it. -->
<plist version="1.0">
<dict>
  <key>Label</key>
  <string>${LAUNCHD_LABEL}</string>
  <key>ProgramArguments</key>
  <array>
${strings(launchdProgram(spec))}
  </array>
  <key>EnvironmentVariables</key>
  <dict>
${env}
  </dict>
  <key>RunAtLoad</key>
  <true/>
  <key>KeepAlive</key>
  <dict>
    <key>SuccessfulExit</key>
    <false/>
  </dict>
  <key>ThrottleInterval</key>
  <integer>10</integer>
  <key>ExitTimeOut</key>
  <integer>20</integer>
  <key>StandardOutPath</key>
  <string>${xml(join(logs, 'gatehouse.out.log'))}</string>
  <key>StandardErrorPath</key>
  <string>${xml(join(logs, 'gatehouse.err.log'))}</string>
</dict>
</plist>
`;
}
