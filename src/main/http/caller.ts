// Who sent an /mcp request, as the gate authenticated it, and when it arrived.
import type { AuthState } from '../logs/audit-ring';
import type { Principal } from './auth/types';

export interface Caller {
  principal: Principal;
  authState: AuthState;
  startedAt: number;
  /** The project the client named (a local caller only; see client-project.ts), or null. */
  project?: string | null;
}
