// Network "loopback", as data: a server in a network namespace of its own reaches the host's
// 127.0.0.1:PORT for the ports its entry names, and nothing else. Gatehouse listens on one Unix socket
// per port in a folder of the server's own (supervisor/confinement/loopback-bridge.ts); the folder is
// shown read-only inside, where a small forwarder (forwarder.mjs, run by the gateway's own node) listens
// on 127.0.0.1:PORT and carries each connection to its socket, then runs the server itself.

/** The bridge of one spawn: its folder (the sockets and the forwarder) and the node that runs the forwarder. */
export interface BridgeLayout {
  dir: string;
  /** The gateway's own executable (process.execPath): shown read-only inside with its folder. */
  node: string;
  /** The executable is Electron's: it runs a script as node only with ELECTRON_RUN_AS_NODE=1. */
  electron: boolean;
}

/** The forwarder's file name in the bridge folder. */
export const FORWARDER_FILE = 'forward.mjs';

/** Where the socket for one port is: its number, in the bridge folder (short: a socket path has 107 bytes at most). */
export function bridgeSocket(dir: string, port: number): string {
  return `${dir}/${port}`;
}

/** What bubblewrap runs for a bridged server: the forwarder with its folder and ports, then the server's argv. */
export function bridgedCommand(bridge: BridgeLayout, ports: readonly number[], command: string, args: readonly string[]): string[] {
  return [bridge.node, `${bridge.dir}/${FORWARDER_FILE}`, bridge.dir, ...ports.map(String), '--', command, ...args];
}

/** bubblewrap options the forwarder needs (before `--`). */
export function bridgeOptions(bridge: BridgeLayout): string[] {
  return bridge.electron ? ['--setenv', 'ELECTRON_RUN_AS_NODE', '1'] : [];
}
