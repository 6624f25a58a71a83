// A discovery meta-tool: its declaration, and a run that is handed the discovery state (manifest, stores,
// install jobs) beside the gateway. The state is bound here once, when index.ts lists the tools, instead
// of each tool file wrapping its declaration in a factory of its own.
import type { CallToolResult } from '@modelcontextprotocol/server';
import type * as z from 'zod';
import type { DiscoveryState } from '../../../discovery/state';
import { defineMetaTool, type CallContext, type GatewayContext, type MetaTool } from '../../meta-tool';

export interface DiscoveryTool<S extends z.ZodType> extends Omit<MetaTool<S>, 'name' | 'title' | 'run'> {
  run(state: DiscoveryState, args: z.infer<S>, gateway: GatewayContext, call: CallContext): Promise<CallToolResult>;
}

/**
 * Declares a discovery tool: its name and its title (what a client shows) first, as a heading, then the
 * rest; the answer makes the MetaTool for one discovery state.
 */
export function discoveryTool<S extends z.ZodType>(name: string, title: string, tool: DiscoveryTool<S>): (state: DiscoveryState) => MetaTool {
  const { run, ...declaration } = tool;
  return (state) => defineMetaTool({ name, title, ...declaration, run: (args, gateway, call) => run(state, args, gateway, call) });
}
