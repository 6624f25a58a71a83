// gateway.sync_environment (contract §2.5): platform and CLI inventory. Probes scan PATH (nothing is
// spawned), in parallel, 5 s each; the answer is cached 24 h on disk and refreshed in the background.
import * as z from 'zod';
import { availableNames, cliInventory, detectPlatform } from '../../../discovery/cli-detect';
import { cacheFile } from '../../../discovery/paths';
import type { DiscoveryState } from '../../../discovery/state';
import { jsonResult } from '../../envelope';
import { defineMetaTool, type MetaTool } from '../../meta-tool';

const input = z.object({
  platform: z.enum(['mac', 'wsl', 'linux', 'windows']).nullish().describe('Override the detected platform.'),
  detected_clis: z.array(z.string()).nullish().describe('CLI names you already know are installed (skips probing).'),
});

export function createSyncEnvironmentTool(state: DiscoveryState): MetaTool {
  return defineMetaTool({
    name: 'gateway.sync_environment',
    title: 'Platform and CLI inventory',
    description: 'Report the platform and which well-known CLIs (git, gh, curl, jq, rg, …) are on PATH. Runs nothing; cached for 24 h.',
    annotations: { readOnlyHint: true },
    input,
    async run(args) {
      if (args.detected_clis) {
        const names = [...new Set(args.detected_clis.filter((n) => /^[A-Za-z0-9._-]{1,64}$/.test(n)))].sort();
        return jsonResult({ platform: args.platform ?? detectPlatform(), detected_clis: names, message: `Using the ${names.length} CLI name(s) given; nothing was probed.` });
      }
      const names = [...state.manifest().clis.keys()];
      const inventory = await cliInventory(cacheFile(state.ctx, 'cli-probe.json'), names, state.ctx.env);
      const found = availableNames(inventory);
      return jsonResult({
        platform: args.platform ?? inventory.platform,
        detected_clis: found,
        message: `${found.length} of ${names.length} known CLI(s) found on PATH (probed ${inventory.probed_at}).`,
      });
    },
  });
}
