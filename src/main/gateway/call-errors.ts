// Maps what can go wrong during a downstream call onto the contract's stable codes.
import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { GatewayError, safeMessage } from '../core/errors';

export function callError(error: unknown, context: { server: string; toolId: string; timeoutMs: number; aborted: boolean; startedAt: number }): GatewayError {
  if (error instanceof GatewayError) return error;
  const elapsed_ms = Date.now() - context.startedAt;
  if (context.aborted) {
    return new GatewayError('E307', `call to ${context.toolId} was cancelled by the client`, { cause: 'client', elapsed_ms });
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
  if (error instanceof ProtocolError) {
    return new GatewayError('E302', `${context.toolId} failed: ${safeMessage(error)}`, {
      jsonrpc_code: error.code,
      jsonrpc_data: error.data ?? null,
      source: 'downstream',
    });
  }
  return new GatewayError('E302', `${context.toolId} failed: ${safeMessage(error)}`, { source: 'gateway' });
}
