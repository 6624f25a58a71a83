// A deterministic, realistic-looking tool catalog for the catalog_search benchmark: servers of a SaaS
// flavour, each with tools named verb + noun in the three common styles (snake, camel, kebab),
// descriptions written from templates, and a few arguments. The same seed always gives the same tools, so
// two runs (or the code before and after a change) search the same catalog.
import type { Tool } from '@modelcontextprotocol/client';

const VERBS = [
  'list', 'get', 'create', 'update', 'delete', 'search', 'archive', 'export', 'import', 'sync',
  'send', 'assign', 'close', 'merge', 'tag', 'upload', 'download', 'share', 'approve', 'schedule',
  'cancel', 'restore', 'rename', 'move', 'copy', 'publish', 'preview', 'validate', 'count', 'watch',
  'lock', 'unlock', 'refund', 'invite', 'summarize', 'translate', 'convert', 'compare', 'pin', 'review',
];
const NOUNS = [
  'invoice', 'issue', 'customer', 'repository', 'branch', 'commit', 'pull_request', 'comment', 'label', 'milestone',
  'file', 'folder', 'document', 'page', 'database', 'table', 'record', 'query', 'report', 'dashboard',
  'message', 'channel', 'thread', 'user', 'team', 'project', 'task', 'ticket', 'sprint', 'epic',
  'calendar_event', 'meeting', 'contact', 'deal', 'lead', 'campaign', 'email', 'attachment', 'note', 'bookmark',
  'order', 'product', 'payment', 'subscription', 'refund', 'coupon', 'shipment', 'warehouse', 'supplier', 'quote',
  'deployment', 'build', 'pipeline', 'artifact', 'container', 'cluster', 'secret', 'variable', 'log', 'metric',
  'alert', 'incident', 'runbook', 'backup', 'snapshot', 'volume', 'bucket', 'object', 'key', 'certificate',
  'image', 'video', 'playlist', 'track', 'album', 'podcast', 'episode', 'photo', 'story', 'post',
  'form', 'survey', 'response', 'question', 'answer', 'course', 'lesson', 'student', 'grade', 'assignment',
  'contract', 'policy', 'claim', 'account', 'transaction', 'budget', 'expense', 'receipt', 'vendor', 'asset',
  'article', 'glossary', 'template', 'workflow', 'trigger', 'webhook', 'integration', 'token', 'session', 'device',
  'location', 'route', 'map', 'weather', 'forecast', 'sensor', 'reading', 'schedule', 'shift', 'timesheet',
];
const PRODUCTS = [
  'Acme CRM', 'Northwind', 'Globex Billing', 'Initech Tracker', 'Umbrella Cloud', 'Hooli Docs', 'Stark Deploy',
  'Wayne Finance', 'Tyrell Storage', 'Cyberdyne Ops', 'Soylent Shop', 'Vandelay Imports', 'Pied Piper Media',
  'Massive Dynamic', 'Oscorp Learning', 'Wonka Forms', 'Aperture Analytics', 'Black Mesa Labs', 'Duff Chat',
];
const CONTEXTS = [
  'for the current workspace', 'by id', 'with optional filters', 'in a project', 'across all teams',
  'owned by a user', 'created in the last week', 'matching a text query', 'in pages of fifty', 'for an account',
];
const EXTRAS = [
  'Returns a compact JSON list.', 'Requires write access.', 'Safe to retry.', 'Results are sorted by date.',
  'Supports pagination with a cursor.', 'Fails when the item does not exist.', 'Runs asynchronously and reports progress.',
  'Respects the rate limit of the upstream API.', '', '',
];

function plural(noun: string): string {
  const word = noun.replace(/_/g, ' ');
  if (/(s|x|ch|sh)$/.test(word)) return `${word}es`;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
}

function styled(words: string[], style: number): string {
  if (style === 0) return words.join('_');
  if (style === 1) return words.join('-');
  return words.map((w, i) => (i ? w[0]?.toUpperCase() + w.slice(1) : w)).join('');
}

/** The tools of server number `server`, `count` of them (count ≤ VERBS × NOUNS), names unique within it. */
export function syntheticTools(server: number, count: number): Tool[] {
  const product = PRODUCTS[server % PRODUCTS.length] as string;
  const tools: Tool[] = [];
  // Each server starts at its own place in the noun list, so servers differ but overlap like real ones.
  for (let i = 0; i < count; i++) {
    const noun = NOUNS[(server * 7 + Math.floor(i / VERBS.length)) % NOUNS.length] as string;
    const verb = VERBS[(i + server) % VERBS.length] as string;
    const many = verb === 'list' || verb === 'search' || verb === 'export' || verb === 'count' || i % 5 === 0;
    const nounWords = (many ? plural(noun) : noun.replace(/_/g, ' ')).split(' ');
    const name = styled([verb, ...nounWords], (i + server) % 3);
    const verbText = `${verb[0]?.toUpperCase()}${verb.slice(1)}`;
    const description = `${verbText} ${many ? plural(noun) : `a ${noun.replace(/_/g, ' ')}`} ${CONTEXTS[i % CONTEXTS.length]} in ${product}. ${EXTRAS[(i * 3 + server) % EXTRAS.length]}`.trim();
    tools.push({
      name,
      title: `${verbText} ${nounWords.join(' ')}`,
      description,
      inputSchema: {
        type: 'object',
        properties: {
          [`${noun}_id`]: { type: 'string' },
          ...(many ? { cursor: { type: 'string' }, limit: { type: 'integer' } } : { dryRun: { type: 'boolean' } }),
        },
      },
      annotations: verb === 'delete' ? { destructiveHint: true } : verb === 'list' || verb === 'get' ? { readOnlyHint: true } : undefined,
    } as Tool);
  }
  return tools;
}

/** What people type: whole words, plurals and singulars, a partial word, a tool name, words that match nothing. */
export const BENCH_QUERIES = [
  'list invoices',
  'invoice',
  'create an issue',
  'search repositories for a branch',
  'delete customer records',
  'export report as csv',
  'sync calendar events',
  'weather forecast',
  'send a message to a channel',
  'upload file',
  'archived emails',
  'refund payment',
  'deploy',
  'pipeline builds',
  'get_user',
  'listInvoices',
  'repo',
  'summarize documents',
  'translate article',
  'zzz nothing matches this',
];
