#!/usr/bin/env node
// The physical floor of any gateway that is a process of its own: bytes piped from the client to a
// downstream server and back, unread — no parsing, no framing, no SDK. What a call through it costs over a
// direct call is what the extra process and its two pipes cost on this machine; no gateway can go below it.
// Usage: node bench/lib/pipe-relay.mjs <command> [args...]   (the downstream server)
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'ignore'] });
process.stdin.pipe(child.stdin);
child.stdout.pipe(process.stdout);
child.on('exit', (code) => process.exit(code ?? 0));
process.stdin.on('end', () => child.stdin.end());
