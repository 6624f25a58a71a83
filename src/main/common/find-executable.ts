// A PATH walk (no shell, no `which`): the first regular, executable file named `name` (or `name.exe`
// on Windows) in the PATH directories, as an absolute path.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

export function findExecutable(name: string, pathValue: string | undefined, platform = process.platform): string | null {
  if (!pathValue) return null;
  const names = platform === 'win32' && !/\.exe$/i.test(name) ? [`${name}.exe`, name] : [name];
  for (const dir of pathValue.split(delimiter)) {
    if (!dir || !isAbsolute(dir)) continue; // a relative PATH entry would depend on the working directory
    for (const candidate of names.map((n) => join(dir, n))) {
      try {
        if (!statSync(candidate).isFile()) continue;
        if (platform !== 'win32') accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // not here; keep walking
      }
    }
  }
  return null;
}
