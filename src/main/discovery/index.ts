// The discovery and provisioning meta-tools (contract §2.5) and what the core wires in:
//   const discovery = createDiscovery(ctx);
//   tools: [...discovery.tools]            (or createDiscoveryTools(ctx))
//   supervisor.apply(new Map([...provisioned, ...configured]))  with provisioned from discovery.provisionedDefinitions()
import type { ServerDefinition } from '../config/types';
import type { MetaTool } from '../gateway/meta-tool';
import { createProvisionStatusTool } from '../gateway/tools/discovery/provision-status';
import { createProvisionTool } from '../gateway/tools/discovery/provision';
import { createRegisterDiscoveredTool } from '../gateway/tools/discovery/register-discovered';
import { createRequestCapabilityTool } from '../gateway/tools/discovery/request-capability';
import { createSearchRegistryTool } from '../gateway/tools/discovery/search-registry';
import { createSubmitFeedbackTool } from '../gateway/tools/discovery/submit-feedback';
import { createSyncEnvironmentTool } from '../gateway/tools/discovery/sync-environment';
import { createUpdateServerTool } from '../gateway/tools/discovery/update-server';
import { provisionedDefinitions } from './provisioned-store';
import { createDiscoveryState, type DiscoveryState } from './state';
import type { DiscoveryContext } from './types';

export type { DiscoveryContext } from './types';
export { approveFile, approvePackage } from '../trust/store';
export { provisionedDefinitions } from './provisioned-store';

export interface Discovery {
  tools: MetaTool[];
  state: DiscoveryState;
  /** Provisioned servers as lazy stdio/remote definitions; configured servers of the same name win. */
  provisionedDefinitions(): ServerDefinition[];
}

export function createDiscovery(ctx: DiscoveryContext): Discovery {
  const state = createDiscoveryState(ctx);
  return {
    state,
    tools: [
      createRequestCapabilityTool(state),
      createSyncEnvironmentTool(state),
      createProvisionTool(state),
      createProvisionStatusTool(state),
      createUpdateServerTool(state),
      createSubmitFeedbackTool(state),
      createSearchRegistryTool(state),
      createRegisterDiscoveredTool(state),
    ],
    provisionedDefinitions: () => provisionedDefinitions(ctx),
  };
}

export function createDiscoveryTools(ctx: DiscoveryContext): MetaTool[] {
  return createDiscovery(ctx).tools;
}
