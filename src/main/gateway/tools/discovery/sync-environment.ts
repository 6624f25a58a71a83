// gateway.sync_environment (contract §2.5): platform and CLI inventory. Every curated CLI of the manifest
// is looked up on PATH and a found one runs its check command (argv, 3 s), all in parallel; the answer is
// kept for the rest of the run and written to disk for catalog_search's cli_hints (see cli-detect.ts).
import * as z from 'zod';
import { availableNames, cliInventory, detectPlatform } from '../../../discovery/cli-detect';
import { cacheFile } from '../../../discovery/paths';
import { jsonResult } from '../../envelope';
import { discoveryTool } from './discovery-tool';

export const createSyncEnvironmentTool = discoveryTool('gateway.sync_environment', 'Platform and CLI inventory', {
  description: 'Report the platform and which well-known CLIs (git, gh, docker, kubectl, psql, curl, jq, rg, …) are on PATH and answer their version check. Probed once per gateway run.',
  annotations: { readOnlyHint: true },
  input: z.object({
    platform: z.enum(['mac', 'wsl', 'linux', 'windows']).nullish().describe('Override the detected platform.'),
    detected_clis: z.array(z.string()).nullish().describe('CLI names you already know are installed (skips probing).'),
  }),
  async run(state, args) {
    if (args.detected_clis) {
      const names = [...new Set(args.detected_clis.filter((n) => /^[A-Za-z0-9._-]{1,64}$/.test(n)))].sort();
      return jsonResult({ platform: args.platform ?? detectPlatform(), detected_clis: names, message: `Using the ${names.length} CLI name(s) given; nothing was probed.` });
    }
    const clis = [...state.manifest().clis.values()];
    const inventory = await cliInventory(cacheFile(state.ctx, 'cli-probe.json'), clis, state.ctx.env);
    const found = availableNames(inventory);
    const broken = Object.entries(inventory.failed).map(([name, why]) => `${name}: ${why}`);
    return jsonResult({
      platform: args.platform ?? inventory.platform,
      detected_clis: found,
      message: `${found.length} of ${clis.length} known CLI(s) found on PATH and answering (probed ${inventory.probed_at}).${broken.length ? ` On PATH but not working: ${broken.join('; ')}.` : ''}`,
    });
  },
});
