import type { GatehouseBridge } from '../../shared/ipc';
import { thrown, type SecretRef, type SecretWriteResult } from './secrets-slice';

/**
 * Reads the value straight out of the password field, empties the field before the call starts and
 * sends the value main-ward once. Kept apart from the form so the value lives only in this frame:
 * never in React state, the store, an attribute or a log (ARCHITECTURE.md rule 3).
 */
export async function sendSecretOnce(
  bridge: Pick<GatehouseBridge, 'setSecret'>,
  field: HTMLInputElement,
  ref: SecretRef,
): Promise<SecretWriteResult | null> {
  const value = field.value;
  field.value = '';
  if (value === '') return null;
  try {
    return await bridge.setSecret({ ...ref, value });
  } catch (error) {
    return thrown(error);
  }
}
