// The UV_* variables that point uv at pip's configured index, from Gatehouse's own runtime code (so the
// bench installs PMCP the way Gatehouse installs Python servers). Built by bench/run.mjs into out/bench.
import { readPipSettings, uvEnvFromPip } from '../../src/main/runtime/pip-index';

export async function uvEnv(env: NodeJS.ProcessEnv): Promise<Record<string, string>> {
  return uvEnvFromPip(await readPipSettings(env), env);
}
