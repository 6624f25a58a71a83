// Discovery and provisioning (contract §2.5): the manifest, the capability matcher, CLI detection, the
// registry client, the provisioned and discovered stores, and install jobs. The gateway's meta-tools over
// it live in src/main/gateway/tools/discovery; the core wires them:
//   const discovery = createDiscovery(ctx);       tools: discoveryTools(discovery.state)
//   supervisor.apply(new Map([...discoveryDefinitions(...), ...configured]))
import type { ServerDefinition } from '../config/types';
import { provisionedDefinitions } from './provisioned-store';
import { createDiscoveryState, type DiscoveryState } from './state';
import type { DiscoveryContext } from './types';

export type { DiscoveryContext } from './types';
export { approveFile, approvePackage } from '../trust/store';
export { provisionedDefinitions } from './provisioned-store';

export interface Discovery {
  state: DiscoveryState;
  /** Provisioned servers as lazy stdio/remote definitions; configured servers of the same name win. */
  provisionedDefinitions(): ServerDefinition[];
}

export function createDiscovery(ctx: DiscoveryContext): Discovery {
  return { state: createDiscoveryState(ctx), provisionedDefinitions: () => provisionedDefinitions(ctx) };
}
