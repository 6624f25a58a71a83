// The secret channels now live in src/shared/ipc.ts; the panel API's real answers are checked against them.
import { channels } from '../../../../src/shared/ipc';

export { SecretListing, SecretRefInput, SecretWriteInput, SecretWriteResult } from '../../../../src/shared/secrets';

export const secretChannels = {
  listSecrets: channels.listSecrets,
  setSecret: channels.setSecret,
  deleteSecret: channels.deleteSecret,
} as const;
