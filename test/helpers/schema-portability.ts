// The tool-schema portability rules MCP Inspector 2.x applies with `--cli --strict --method tools/list`
// (checked against @modelcontextprotocol/inspector 2.12.0, clients/cli/build/index.js: lintToolSchemas),
// so a test can hold every advertised schema to them without installing the Inspector. Its four rules:
//   boolean-schema (error)   a bare true/false where a schema object belongs (additionalProperties & co. excepted)
//   type-union (warning)     `type` given as an array
//   remote-ref (warning)     a `$ref` outside the document
//   untyped-schema (warning) a schema with no validation keyword at all (`{}`, or only a description)
// A finding names its path the way the Inspector prints it: `properties.task.anyOf[0].properties.ttl`.

export interface PortabilityFinding {
  rule: 'boolean-schema' | 'type-union' | 'remote-ref' | 'untyped-schema';
  path: string;
}

const BOOLEAN_VALUED = new Set(['additionalProperties', 'unevaluatedProperties', 'additionalItems', 'unevaluatedItems']);
const SINGLE = ['items', 'contains', 'not', 'propertyNames', 'if', 'then', 'else', 'additionalProperties', 'unevaluatedProperties', 'additionalItems', 'unevaluatedItems', 'contentSchema'];
const LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const MAPS = ['properties', 'patternProperties', 'dependentSchemas', 'dependencies', '$defs', 'definitions'];
const CONSTRAINING = new Set([
  'type', 'enum', 'const', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength',
  'pattern', 'format', 'contentMediaType', 'contentEncoding', 'contentSchema', 'maxItems', 'minItems', 'uniqueItems', 'maxContains',
  'minContains', 'maxProperties', 'minProperties', 'required', 'dependentRequired', 'allOf', 'anyOf', 'oneOf', 'not', 'items',
  'prefixItems', 'contains', 'additionalItems', 'unevaluatedItems', 'properties', 'patternProperties', 'additionalProperties',
  'unevaluatedProperties', 'propertyNames', 'dependentSchemas', 'dependencies', '$ref', '$dynamicRef', '$recursiveRef',
]);

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

function children(node: Node, path: string): { child: unknown; path: string; keyword: string }[] {
  const found: { child: unknown; path: string; keyword: string }[] = [];
  for (const key of MAPS) {
    if (isNode(node[key])) for (const [name, child] of Object.entries(node[key])) found.push({ child, path: join(join(path, key), name), keyword: key });
  }
  for (const key of LISTS) {
    if (Array.isArray(node[key])) for (const [i, child] of (node[key] as unknown[]).entries()) found.push({ child, path: `${join(path, key)}[${i}]`, keyword: key });
  }
  for (const key of SINGLE) {
    if (!(key in node)) continue;
    const value = node[key];
    if (key === 'items' && Array.isArray(value)) {
      for (const [i, child] of value.entries()) found.push({ child, path: `${join(path, key)}[${i}]`, keyword: key });
    } else found.push({ child: value, path: join(path, key), keyword: key });
  }
  return found;
}

function constrains(node: Node): boolean {
  return Object.keys(node).some((key) => CONSTRAINING.has(key)) || ('if' in node && ('then' in node || 'else' in node));
}

export function portabilityFindings(schema: unknown, path = '', keyword?: string): PortabilityFinding[] {
  if (typeof schema === 'boolean') return keyword !== undefined && BOOLEAN_VALUED.has(keyword) ? [] : [{ rule: 'boolean-schema', path }];
  if (!isNode(schema)) return [];
  const own: PortabilityFinding[] = [];
  if (Array.isArray(schema.type)) own.push({ rule: 'type-union', path });
  if (typeof schema.$ref === 'string' && schema.$ref !== '' && !schema.$ref.startsWith('#')) own.push({ rule: 'remote-ref', path });
  if (!constrains(schema) && keyword !== 'not') own.push({ rule: 'untyped-schema', path });
  return [...own, ...children(schema, path).flatMap((c) => portabilityFindings(c.child, c.path, c.keyword))];
}
