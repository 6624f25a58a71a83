import { getBridge } from '../bridge';
import { thrown, type SecretRef, type SecretWriteResult } from '../store/secrets-slice';

/**
 * Reads the value straight out of the password field, empties the field before the call starts and
 * sends the value main-ward once. Kept apart from the form so the value lives only in this frame:
 * never in React state, the store, an attribute or a log (ARCHITECTURE.md rule 3).
 */
export async function sendSecretOnce(field: HTMLInputElement, ref: SecretRef): Promise<SecretWriteResult | null> {
  const value = field.value;
  field.value = '';
  if (value === '') return null;
  try {
    return await getBridge().setSecret({ ...ref, value });
  } catch (error) {
    return thrown(error);
  }
}
