// A core's whole environment for tests that use the real keychain: a private home (config, state,
// cache), the session's bus and a keychain service name of its own, so the test's entries never meet
// anyone else's and nothing of the caller's environment leaks in.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

export function keychainCoreEnv(home: string, label = 'test'): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '', GATEHOUSE_CATALOG_INDEX: process.env.GATEHOUSE_CATALOG_INDEX ?? '',
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    XDG_CACHE_HOME: join(home, '.cache'),
    DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS,
    GATEHOUSE_KEYCHAIN_SERVICE: `dev.gatehouse.${label}.${randomBytes(4).toString('hex')}`,
  };
}
