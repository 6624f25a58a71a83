// The discovery and provisioning meta-tools (contract §2.5): the gateway's face of src/main/discovery,
// which holds the manifest, the matcher, the stores and the install jobs. The core makes the state once
// (createDiscoveryState) and lists these tools beside the others.
import type { DiscoveryState } from '../../../discovery/state';
import type { MetaTool } from '../../meta-tool';
import { createProvisionStatusTool } from './provision-status';
import { createProvisionTool } from './provision';
import { createRegisterDiscoveredTool } from './register-discovered';
import { createRequestCapabilityTool } from './request-capability';
import { createSearchRegistryTool } from './search-registry';
import { createSubmitFeedbackTool } from './submit-feedback';
import { createSyncEnvironmentTool } from './sync-environment';
import { createUpdateServerTool } from './update-server';

export function discoveryTools(state: DiscoveryState): MetaTool[] {
  return [
    createRequestCapabilityTool(state),
    createSyncEnvironmentTool(state),
    createProvisionTool(state),
    createProvisionStatusTool(state),
    createUpdateServerTool(state),
    createSubmitFeedbackTool(state),
    createSearchRegistryTool(state),
    createRegisterDiscoveredTool(state),
  ];
}
