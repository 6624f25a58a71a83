// Maps what can go wrong during a downstream call onto the contract's stable codes.
import { ProtocolError, ProtocolErrorCode, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { GatewayError, safeMessage } from '../common/errors';
import { CallCancelled } from '../supervisor/pending-calls';
import { OVERSIZED_RESPONSE_CODE } from '../supervisor/stdio-transport';
import { CeilingExceeded } from '../supervisor/tool-call';
import { urlElicitationError } from './url-elicitation';

export function callError(error: unknown, context: { server: string; toolId: string; timeoutMs: number; startedAt: number }): GatewayError {
  if (error instanceof GatewayError) return error;
  const elapsed_ms = Date.now() - context.startedAt;
  if (error instanceof CallCancelled) {
    return new GatewayError('E307', `call to ${context.toolId} was cancelled (${error.reason})`, { cause: error.reason, elapsed_ms });
  }
  if (error instanceof CeilingExceeded) {
    return new GatewayError('E303', `${context.toolId} ran past the ${error.ceilingMs} ms ceiling and was stopped`,
      { timeout_ms: error.ceilingMs, kind: 'ceiling', elapsed_ms }, null, true);
  }
  if (error instanceof SdkError) {
    if (error.code === SdkErrorCode.RequestTimeout) {
      return new GatewayError(
        'E303',
        `${context.toolId} sent nothing for ${context.timeoutMs} ms and was stopped`,
        { timeout_ms: context.timeoutMs, kind: 'idle', elapsed_ms },
        'retry with a larger options.timeout_ms if the tool is slow',
        true,
      );
    }
    if (error.code === SdkErrorCode.ConnectionClosed || error.code === SdkErrorCode.NotConnected || error.code === SdkErrorCode.SendFailed) {
      return new GatewayError(
        'E205',
        `server "${context.server}" went away while ${context.toolId} was running: ${safeMessage(error)}`,
        { server: context.server },
        'see gateway.health for the exit reason; the server starts again on the next call',
        true,
      );
    }
  }
  if (error instanceof ProtocolError && error.code === OVERSIZED_RESPONSE_CODE) {
    return new GatewayError('E306', `${context.toolId}: ${error.message}; only this call failed, the server stays connected`,
      { ...(error.data as Record<string, unknown>), server: context.server }, 'ask the tool for less output (a smaller page or range)');
  }
  if (error instanceof ProtocolError && error.code === ProtocolErrorCode.UrlElicitationRequired) {
    return urlElicitationError(context.server, context.toolId, error.data);
  }
  if (error instanceof ProtocolError) {
    return new GatewayError('E302', `${context.toolId} failed: ${safeMessage(error)}`, {
      jsonrpc_code: error.code,
      jsonrpc_data: error.data ?? null,
      source: 'downstream',
    });
  }
  return new GatewayError('E302', `${context.toolId} failed: ${safeMessage(error)}`, { source: 'gateway' });
}
