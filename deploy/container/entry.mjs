#!/usr/bin/env node
// The container's entrypoint: says once that there is no OS keychain here, turns the secret files mounted
// under /run/secrets/gatehouse (GATEHOUSE_SECRETS_DIR) into variables — a file named GITHUB_TOKEN becomes
// ${GITHUB_TOKEN}, as a Kubernetes Secret mounted as a volume lays them out — then runs the gatehouse CLI
// with the container's arguments. A variable already set in the environment wins over a file.
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = process.env.GATEHOUSE_SECRETS_DIR ?? '/run/secrets/gatehouse';
const loaded = [];
if (existsSync(dir)) {
  for (const name of readdirSync(dir).sort()) {
    if (!/^[A-Z_][A-Z0-9_]*$/.test(name) || process.env[name] !== undefined) continue;
    const file = join(dir, name);
    // Kubernetes mounts each key as a symlink into a ..data folder; follow it, but read regular files only.
    try {
      if (!lstatSync(file).isFile() && !lstatSync(file).isSymbolicLink()) continue;
      process.env[name] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
      loaded.push(name);
    } catch {
      // A key that vanished between listing and reading (a Secret update) is picked up on restart.
    }
  }
}
process.stderr.write(
  `gatehouse: running in a container: there is no OS keychain here, so credentials come from environment variables${
    loaded.length ? ` and from ${dir} (${loaded.join(', ')})` : ` and from files in ${dir} (none found)`
  }; "gatehouse secrets" cannot store anything in this container\n`,
);

// /app/container-entry.mjs in the image; deploy/container/entry.mjs in a checkout.
const cli = [new URL('./out/main/cli.js', import.meta.url), new URL('../../out/main/cli.js', import.meta.url)].find((url) => existsSync(url));
if (!cli) {
  process.stderr.write('gatehouse: out/main/cli.js is missing (build the image with deploy/container/build.sh)\n');
  process.exit(70);
}
await import(pathToFileURL(cli.pathname).href);
