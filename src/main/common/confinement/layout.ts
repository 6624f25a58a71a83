// Which parts of a Linux machine a confined server does not see, and where the things it needs live:
// the lists the sandbox is composed from (argv.ts) and the folders a host is asked about (facts.ts).
// Data only. The home folders are hidden whole (an empty private one stands in for the server's own
// HOME); the secrets listed here are hidden again wherever a bind (a grant, a toolchain, the project)
// would show them, unless a grant names them itself.
import { join } from 'node:path';
import type { Runner } from './profile';

/** Fresh and private inside the sandbox: what other programs leave there is not the server's to read. */
export const PRIVATE_SYSTEM_DIRS = ['/tmp', '/var/tmp'];

/** Where homes live: hidden whole (an empty private folder stands in for the server's own HOME). */
export const HOME_ROOTS = ['/home', '/root'];

/** Hidden folders of the host: mounted drives (a WSL /mnt/c is a whole Windows profile), the per-user
 *  runtime folders (session bus, keyring and Wayland sockets), the system bus. */
export const HIDDEN_SYSTEM_DIRS = ['/mnt', '/media', '/run/media', '/run/user', '/run/dbus'];

/** Sockets of host services that act with the caller's rights: container engines, snapd. */
export const SERVICE_SOCKETS = [
  '/run/docker.sock',
  '/var/run/docker.sock',
  '/run/containerd/containerd.sock',
  '/run/podman/podman.sock',
  '/run/crio/crio.sock',
  '/run/snapd.socket',
  '/run/snapd-snap.socket',
];

/** The Docker engine's sockets a `docker: true` grant gives back (the rootless ones are under XDG_RUNTIME_DIR). */
export const DOCKER_SOCKETS = ['/run/docker.sock', '/var/run/docker.sock', '/run/podman/podman.sock'];
export const DOCKER_RUNTIME_SOCKETS = ['docker.sock', 'podman/podman.sock'];

/**
 * Credentials and private data under a home folder, hidden even where a grant shows the home: keys,
 * cloud and cluster credentials, package registry tokens, keyrings, browser profiles, shell histories,
 * other AI tools' sessions. Not exhaustive; the home itself is hidden unless granted.
 */
export const HOME_SECRETS = [
  '.ssh', '.gnupg', '.aws', '.azure', '.config/gcloud', '.kube', '.docker', '.netrc', '.npmrc', '.yarnrc.yml',
  '.pypirc', '.git-credentials', '.config/git/credentials', '.config/gh', '.config/hub', '.vault-token',
  '.terraform.d', '.cargo/credentials', '.cargo/credentials.toml', '.gem/credentials', '.m2/settings.xml',
  '.password-store', '.local/share/keyrings', '.local/share/kwalletd', '.kde/share/apps/kwallet', '.pki',
  '.mozilla', '.config/google-chrome', '.config/chromium', '.config/BraveSoftware', '.config/op',
  '.claude', '.claude.json', '.codex', '.config/uv/credentials', '.Xauthority', '.ICEauthority',
  '.bash_history', '.zsh_history', '.python_history', '.node_repl_history', '.psql_history', '.mysql_history',
];

/** The same secrets under an XDG base folder that is not inside the home. */
export const XDG_DATA_SECRETS = ['keyrings', 'kwalletd'];

/** Folders a runner reads and writes as its cache (relative to HOME unless the variable names one). */
export function runnerCaches(runner: Runner | null, home: string, env: Readonly<Record<string, string>>): string[] {
  const cacheHome = env.XDG_CACHE_HOME?.startsWith('/') ? env.XDG_CACHE_HOME : join(home, '.cache');
  const dataHome = env.XDG_DATA_HOME?.startsWith('/') ? env.XDG_DATA_HOME : join(home, '.local', 'share');
  switch (runner) {
    case 'npm':
      return [env.npm_config_cache?.startsWith('/') ? env.npm_config_cache : join(home, '.npm')];
    case 'pnpm':
      return [join(dataHome, 'pnpm'), join(cacheHome, 'pnpm')];
    case 'yarn':
      return [join(cacheHome, 'yarn'), join(home, '.yarn')];
    case 'bun':
      return [join(home, '.bun')];
    case 'uv':
      // Its cache, and where it keeps the Pythons it manages (a first run may install one).
      return [
        env.UV_CACHE_DIR?.startsWith('/') ? env.UV_CACHE_DIR : join(cacheHome, 'uv'),
        env.UV_PYTHON_INSTALL_DIR?.startsWith('/') ? env.UV_PYTHON_INSTALL_DIR : join(dataHome, 'uv', 'python'),
        // Its tool folder only when one is named: the default one holds tools installed for the user.
        ...(env.UV_TOOL_DIR?.startsWith('/') ? [env.UV_TOOL_DIR] : []),
      ];
    default:
      return [];
  }
}
