// `node --import ./register.mjs out/main/index.js`: the built main bundle's `import … from "electron"`
// resolves to the recording stand-in beside this file. Nothing else is redirected.
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
