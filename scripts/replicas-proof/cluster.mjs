// The loopback cluster of the replicas proof: N real `gatehouse serve --transport http` processes, each
// with its own home, state, config and ledger child, behind Debian's nginx running deploy/nginx/gatehouse.conf
// with only its ports changed. Everything lives in one temp folder; stop() ends every process started here.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const LAUNCHER = join(root, 'bin', 'gatehouse.mjs');
const LEDGER_SERVER = join(root, 'scripts', 'replicas-proof', 'ledger-server.mjs');
const NGINX_TEMPLATE = join(root, 'deploy', 'nginx', 'gatehouse.conf');
const TEMPLATE_PORTS = [3401, 3402, 3403];
const TEMPLATE_FRONT = 8080;

export function findNginx() {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx']) {
    if (spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  return null;
}

/** A port nobody listens on right now (the machine is shared: fixed ports could be taken). */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * deploy/nginx/gatehouse.conf for these ports. `balanced` lists the replicas the free pool holds (the
 * throughput runs use 1, 2 and 3); named routes keep all three.
 */
export function renderNginxConf(frontPort, ports, balanced = ports.map((_, i) => i)) {
  let text = readFileSync(NGINX_TEMPLATE, 'utf8');
  text = text.replace(`listen 127.0.0.1:${TEMPLATE_FRONT};`, `listen 127.0.0.1:${frontPort};`);
  // The free pool: drop the replicas this run leaves out.
  text = text.replace(/upstream gatehouse_any \{[\s\S]*?\n\}/, (block) =>
    block.split('\n').filter((line) => !TEMPLATE_PORTS.some((port, i) => line.includes(`127.0.0.1:${port} `) && !balanced.includes(i))).join('\n'));
  TEMPLATE_PORTS.forEach((port, i) => {
    text = text.replaceAll(`127.0.0.1:${port} `, `127.0.0.1:${ports[i]} `).replaceAll(`127.0.0.1:${port};`, `127.0.0.1:${ports[i]};`);
  });
  return text;
}

function mainNginxConf(dir, siteFile) {
  const q = (p) => JSON.stringify(p);
  return [
    // Running as root, nginx's workers would switch to nobody and lose the temp folder.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    'daemon off;',
    `pid ${q(join(dir, 'nginx.pid'))};`,
    `error_log ${q(join(dir, 'error.log'))} warn;`,
    'events { worker_connections 4096; }',
    'http {',
    `  log_format gatehouse '$status $request_method route=$gatehouse_replica upstream=$upstream_addr replica=$upstream_http_gatehouse_replica';`,
    `  access_log ${q(join(dir, 'access.log'))} gatehouse;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${name}_temp_path ${q(join(dir, `${name}-temp`))};`),
    `  include ${q(siteFile)};`,
    '}',
    '',
  ].join('\n');
}

async function waitFor(check, ms, what) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function answers(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return res.ok;
  } catch {
    return false;
  }
}

export async function startCluster({ base, replicas = 3, log = () => undefined }) {
  const nginxBin = findNginx();
  if (!nginxBin) throw new Error('nginx is not installed: run scripts/setup-test-host.sh (Debian\'s nginx)');
  const frontPort = await freePort();
  const ports = [];
  for (let i = 0; i < replicas; i++) ports.push(await freePort());
  const frontUrl = `http://127.0.0.1:${frontPort}/mcp`;
  // The ledger in a folder of its own, granted read-write to the confined ledger children (each child has a
  // private /tmp; the replicas' own state folders beside it stay hidden from them).
  const ledgerDir = join(base, 'ledger');
  mkdirSync(ledgerDir, { recursive: true });
  const ledger = join(ledgerDir, 'ledger.txt');
  writeFileSync(ledger, '');
  const procs = new Array(replicas).fill(null);

  function replicaEnv(i) {
    const home = join(base, `r${i + 1}`, 'home');
    for (const sub of ['.config', '.local/state', '.cache']) mkdirSync(join(home, sub), { recursive: true });
    return {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      XDG_STATE_HOME: join(home, '.local/state'),
      XDG_CACHE_HOME: join(home, '.cache'),
      GATEHOUSE_REPLICA_ID: `r${i + 1}`,
      GATEHOUSE_CATALOG_INDEX: 'off',
    };
  }

  function configFile(i) {
    const file = join(base, `r${i + 1}`, 'mcp.json');
    const entry = {
      command: process.execPath,
      args: [LEDGER_SERVER],
      env: { LEDGER_FILE: ledger, LEDGER_REPLICA: `r${i + 1}` },
      gatehouse: { confinement: { grants: [{ path: ledgerDir, access: 'rw' }] } },
    };
    writeFileSync(file, JSON.stringify({ mcpServers: { ledger: entry }, autoStart: ['ledger'] }, null, 2));
    return file;
  }

  async function startReplica(i) {
    const env = replicaEnv(i);
    const args = [LAUNCHER, 'serve', '--transport', 'http', '--port', String(ports[i]), '--config', configFile(i),
      '--public-url', frontUrl, '--trust-proxy'];
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    procs[i] = child;
    await waitFor(async () => {
      if (child.exitCode !== null) throw new Error(`replica r${i + 1} exited (${child.exitCode}): ${stderr}`);
      return /serving MCP at/.test(stderr) && (await answers(`http://127.0.0.1:${ports[i]}/health`));
    }, 60_000, `replica r${i + 1}`);
    log(`replica r${i + 1} pid ${child.pid} on 127.0.0.1:${ports[i]}`);
    return child;
  }

  for (let i = 0; i < replicas; i++) await startReplica(i);

  const nginxDir = join(base, 'nginx');
  mkdirSync(nginxDir, { recursive: true });
  const siteFile = join(nginxDir, 'gatehouse.conf');
  const mainFile = join(nginxDir, 'nginx.conf');
  writeFileSync(siteFile, renderNginxConf(frontPort, ports));
  writeFileSync(mainFile, mainNginxConf(nginxDir, siteFile));
  const check = spawnSync(nginxBin, ['-t', '-q', '-p', nginxDir, '-c', mainFile], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t refused the config: ${check.stderr}`);
  const nginx = spawn(nginxBin, ['-p', nginxDir, '-c', mainFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let nginxErr = '';
  nginx.stderr.setEncoding('utf8');
  nginx.stderr.on('data', (chunk) => {
    nginxErr = (nginxErr + chunk).slice(-4000);
  });
  await waitFor(async () => {
    if (nginx.exitCode !== null) throw new Error(`nginx exited (${nginx.exitCode}): ${nginxErr}`);
    return answers(`http://127.0.0.1:${frontPort}/health`);
  }, 20_000, 'nginx');
  log(`nginx pid ${nginx.pid} on 127.0.0.1:${frontPort}`);

  async function stopProcess(child, signal = 'SIGTERM') {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  }

  return {
    frontUrl,
    frontPort,
    ports,
    ledger,
    replicaUrl: (i) => `http://127.0.0.1:${ports[i]}`,
    /** SIGKILL: no goodbye to clients, children left to notice their stdin closing. */
    async kill(i) {
      await stopProcess(procs[i], 'SIGKILL');
      log(`replica r${i + 1} killed (SIGKILL)`);
    },
    restart: (i) => startReplica(i),
    /** Points the free pool at the first `count` replicas (nginx reloads; named routes keep all). */
    async balanceOver(count) {
      writeFileSync(siteFile, renderNginxConf(frontPort, ports, Array.from({ length: count }, (_, i) => i)));
      process.kill(nginx.pid, 'SIGHUP');
      // A reload starts new workers and lets the old ones finish; give it a moment before measuring.
      await new Promise((resolve) => setTimeout(resolve, 1000));
    },
    accessLog: () => readFileSync(join(nginxDir, 'access.log'), 'utf8'),
    async stop() {
      await stopProcess(nginx, 'SIGQUIT');
      await Promise.all(procs.map((child) => stopProcess(child)));
    },
  };
}
