// Plausible arguments for a tool from its JSON Schema, so the harness can call a tool it has never seen:
// every required property (and every property of a small schema) gets a simple value of its type.
export function sampleArguments(schema) {
  const properties = schema?.properties ?? {};
  const required = new Set(schema?.required ?? Object.keys(properties));
  const args = {};
  for (const [name, property] of Object.entries(properties)) {
    if (!required.has(name)) continue;
    args[name] = sample(property);
  }
  return args;
}

function sample(property) {
  if (property?.default !== undefined) return property.default;
  if (Array.isArray(property?.enum) && property.enum.length) return property.enum[0];
  const type = Array.isArray(property?.type) ? property.type[0] : property?.type;
  switch (type) {
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return 'test';
  }
}
