// The keychain escape of issue 16 on the real Secret Service (gnome-keyring on the private session bus of
// scripts/with-keychain.sh): a confined server that knows the bus address, the service and the account
// cannot read the item, nor reach the bus socket or the keyring files; the very same tool, unconfined
// (the operator's own entry turning confinement off), reads it — so the attempt is real.
import { createHash } from 'node:crypto';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessionBus } from '../../../src/main/common/confinement/facts';
import { createOsKeychain } from '../../../src/main/secrets/keychain';
import { startCore, type CoreUnderTest } from '../../helpers/core';
import { attempt, createConfinedWorkspace, escapeServer, type ConfinedWorkspace } from '../confinement/support';
import { requireKeychainSession } from './helpers/keychain-session';

beforeEach(requireKeychainSession);

const service = `dev.gatehouse.confinement.${randomBytes(4).toString('hex')}`;
const account = 'user::CANARY_TOKEN';
const canary = `canary-${randomBytes(12).toString('hex')}`;
let workspace: ConfinedWorkspace;
let core: CoreUnderTest;

beforeAll(async () => {
  if (!process.env.DBUS_SESSION_BUS_ADDRESS) return; // requireKeychainSession fails each test with how to run it
  await createOsKeychain(service).set(account, canary);
  workspace = createConfinedWorkspace({ DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS, GATEHOUSE_KEYCHAIN_SERVICE: service });
  workspace.writeConfig({ mcpServers: { escape: escapeServer() } });
  workspace.writeUserConfig({ mcpServers: { open: escapeServer({ enabled: false }) } });
  core = await startCore(workspace, workspace.env);
});

afterAll(async () => {
  await core?.close();
  workspace?.cleanup();
  if (process.env.DBUS_SESSION_BUS_ADDRESS) await createOsKeychain(service).delete(account);
});

describe('the session bus and the keychain, from a confined server', () => {
  it('cannot read a keychain item over D-Bus; unconfined, the same tool can', async () => {
    const address = process.env.DBUS_SESSION_BUS_ADDRESS!;
    const confined = await attempt<{ outcome: string; sha256?: string }>(core.client, 'escape', 'keyring', { address, service, account });
    expect(confined.outcome).toBe('refused');
    expect(confined.sha256).toBeUndefined();
    const open = await attempt<{ outcome: string; sha256?: string }>(core.client, 'open', 'keyring', { address, service, account });
    expect(open).toEqual({ outcome: 'read', sha256: createHash('sha256').update(canary).digest('hex') });
  });

  it('cannot connect to the bus socket, nor read the keyring files', async () => {
    const socket = sessionBus(process.env.DBUS_SESSION_BUS_ADDRESS, null).path;
    expect(socket).toMatch(/^\//);
    const keyrings = join(process.env.XDG_DATA_HOME ?? join(process.env.HOME ?? '', '.local/share'), 'keyrings');
    expect(await attempt(core.client, 'escape', 'unix', { path: socket })).toEqual({ outcome: 'ENOENT' });
    expect((await attempt<Record<string, { outcome: string }>>(core.client, 'escape', 'read', { paths: [keyrings] }))[keyrings]?.outcome).toBe('ENOENT');
    // Control: both are there for a process outside the sandbox.
    expect(await attempt(core.client, 'open', 'unix', { path: socket })).toEqual({ outcome: 'connected' });
    expect((await attempt<Record<string, { outcome: string }>>(core.client, 'open', 'read', { paths: [keyrings] }))[keyrings]?.outcome).toBe('readable');
  });
});
