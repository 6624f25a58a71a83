// Runs inside a confined server's sandbox with network "loopback" (by the gateway's own node, from the
// server's bridge folder, which is read-only there): listens on 127.0.0.1:PORT for each granted port and
// carries every connection to the Unix socket of that port, where Gatehouse connects it on to the host's
// 127.0.0.1:PORT. Then it runs the server itself with this process's stdio, passes the stop signals on and
// exits as the server did. Plain JavaScript with node's own modules only: it runs outside the bundle.
// It never reads or logs what passes through.
//   usage: node forward.mjs BRIDGE_DIR PORT... -- COMMAND ARG...
import { spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';

const [dir, ...rest] = process.argv.slice(2);
const split = rest.indexOf('--');
const ports = rest.slice(0, split).map(Number);
const [command, ...args] = rest.slice(split + 1);

function fail(message) {
  process.stderr.write(`gatehouse loopback bridge: ${message}\n`);
  process.exit(70);
}

if (!dir || split < 0 || !command || ports.some((port) => !Number.isInteger(port))) fail('usage: forward.mjs BRIDGE_DIR PORT... -- COMMAND ARG...');

/** Both ways with backpressure (pipe); each side ends the other's writing, and a broken side ends both. */
function join(inbound, outbound) {
  inbound.pipe(outbound);
  outbound.pipe(inbound);
  const broken = () => {
    inbound.destroy();
    outbound.destroy();
  };
  inbound.on('error', broken);
  outbound.on('error', broken);
}

function listen(port, host) {
  return new Promise((resolve, reject) => {
    const server = createServer({ allowHalfOpen: true }, (inbound) => join(inbound, connect({ path: `${dir}/${port}`, allowHalfOpen: true })));
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

const servers = [];
for (const port of ports) {
  try {
    servers.push(await listen(port, '127.0.0.1'));
  } catch (error) {
    fail(`cannot listen on 127.0.0.1:${port} inside the sandbox (${error.code ?? error.message})`);
  }
  // "localhost" may resolve to ::1 first: the same port there too, where the sandbox has IPv6.
  servers.push(...(await listen(port, '::1').then((server) => [server], () => [])));
}

// The executable may be Electron's, run as node: what the server runs must not be.
const env = { ...process.env };
delete env.ELECTRON_RUN_AS_NODE;
const child = spawn(command, args, { stdio: 'inherit', env });
const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGQUIT'];
for (const signal of SIGNALS) process.on(signal, () => child.kill(signal));
child.once('error', (error) => fail(`cannot run ${command} (${error.code ?? error.message})`));
child.once('exit', (code, signal) => {
  for (const server of servers) server.close();
  if (signal) {
    // Die of the same signal, so the gateway reads how the server ended.
    for (const name of SIGNALS) process.removeAllListeners(name);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
