// The XDG autostart entry that starts Gatehouse hidden in the tray at login on Linux desktops
// (~/.config/autostart/gatehouse.desktop; the freedesktop.org Desktop Application Autostart spec).
// Exec is quoted by the Desktop Entry spec's two layers: each argument in double quotes with " ` $ \
// backslash-escaped, then the whole value escaped as a string (\ → \\), and % doubled (field codes).
import { join } from 'node:path';

export const AUTOSTART_FILE = 'gatehouse.desktop';

export function autostartDir(env: NodeJS.ProcessEnv, home: string): string {
  const configured = env.XDG_CONFIG_HOME;
  return join(configured?.startsWith('/') ? configured : join(home, '.config'), 'autostart');
}

export function quoteExecArgument(argument: string): string {
  const quoted = `"${argument.replace(/["`$\\]/g, (char) => `\\${char}`)}"`;
  return quoted.replace(/\\/g, '\\\\').replace(/%/g, '%%');
}

export function autostartEntry(command: string[]): string {
  const unsafe = command.find((part) => /[\n\r\0]/.test(part));
  if (unsafe !== undefined) throw new Error(`cannot write a login item for a path with a line break: ${JSON.stringify(unsafe)}`);
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Gatehouse',
    'Comment=MCP gateway and control panel (starts hidden in the tray)',
    `Exec=${command.map(quoteExecArgument).join(' ')}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}
