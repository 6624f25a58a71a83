// invoke's answer for a downstream result (contract §2.3): the shaped result, ok from the tool's own
// isError (E302 from the downstream when set), the truncation fields, an E403 for withheld binary
// blocks, and the binary blocks themselves after the JSON.
import type { CallToolResult } from '@modelcontextprotocol/server';
import { GatewayError } from '../common/errors';
import { errorEntry, jsonResult } from './envelope';
import { shapeResult, type ShapeBudget } from './shape-result';

export function resultAnswer(toolId: string, downstream: CallToolResult, budget: ShapeBudget, extra: Record<string, unknown> = {}): CallToolResult {
  const shaped = shapeResult(downstream, budget);
  const ok = downstream.isError !== true;
  const errors = ok ? [] : [errorEntry(new GatewayError('E302', `${toolId} reported an error`, { source: 'downstream' }))];
  if (shaped.withheld) {
    errors.push(errorEntry(new GatewayError('E403', `${shaped.withheld} binary block(s) over the policy's max_binary_bytes were withheld`, { withheld: shaped.withheld })));
  }
  return jsonResult(
    {
      tool_id: toolId,
      ok,
      ...extra,
      result: shaped.result,
      truncated: shaped.truncated,
      summary: shaped.truncated ? `Output was ${shaped.rawSize} bytes; text was cut to the output limit.` : null,
      raw_size_estimate: shaped.truncated ? shaped.rawSize : null,
      errors,
    },
    { isError: !ok, extra: shaped.passthrough },
  );
}
