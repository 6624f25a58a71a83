// PMCP's status words for Gatehouse's finer states, so agents written for PMCP read them unchanged.
import type { ServerStatus } from '../../shared/domain';

export const STATUS_WORD: Record<ServerStatus, 'online' | 'offline' | 'connecting' | 'error' | 'lazy'> = {
  lazy: 'lazy',
  starting: 'connecting',
  restarting: 'connecting',
  online: 'online',
  degraded: 'online',
  error: 'error',
  crash_loop: 'error',
  auth_required: 'offline',
  stopped: 'offline',
};
