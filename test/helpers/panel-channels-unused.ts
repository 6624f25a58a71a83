// The panel's view channels (core/panel-api.ts) as a fake GatehouseApi needs them when a test is about
// something else (the shell's registration, its lifecycle): every call fails, saying it was not expected.
import type { PanelChannels } from '../../src/main/core/panel-api';

export function unusedPanelChannels(): PanelChannels {
  const refuse = (name: string) => async () => {
    throw new Error(`${name} is not used by this test`);
  };
  return {
    stopServer: refuse('stopServer'),
    restartServer: refuse('restartServer'),
    serverStderr: refuse('serverStderr'),
    authConnect: refuse('authConnect'),
    oauthState: refuse('oauthState'),
    oauthSignIn: refuse('oauthSignIn'),
    oauthCancelSignIn: refuse('oauthCancelSignIn'),
    oauthSignOut: refuse('oauthSignOut'),
    getStartupPolicy: refuse('getStartupPolicy'),
    previewStartupPolicy: refuse('previewStartupPolicy'),
    applyStartupPolicy: refuse('applyStartupPolicy'),
    getConfinementProfile: refuse('getConfinementProfile'),
    previewConfinementProfile: refuse('previewConfinementProfile'),
    applyConfinementProfile: refuse('applyConfinementProfile'),
    listActivity: refuse('listActivity'),
    cancelCall: refuse('cancelCall'),
    cancelTask: refuse('cancelTask'),
    taskResult: refuse('taskResult'),
    searchCatalog: refuse('searchCatalog'),
    describeTool: refuse('describeTool'),
    invokeTool: refuse('invokeTool'),
    tokenMeter: refuse('tokenMeter'),
    listClients: refuse('listClients'),
    previewClientSetup: refuse('previewClientSetup'),
    writeClientSetup: refuse('writeClientSetup'),
    previewSecretImport: refuse('previewSecretImport'),
    applySecretImport: refuse('applySecretImport'),
    listProvisioning: refuse('listProvisioning'),
    provisionServer: refuse('provisionServer'),
  };
}
