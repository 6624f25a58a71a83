// The unknown-service guard (contract §2.5, PMCP weakness: "a lone 'I' picked curl"). A query that names
// a product Gatehouse knows nothing about ("post to Slack", "salesforce api") must not be answered with
// a generic CLI or a loosely related server; it goes to the registry or ends as not_available.
import { tokenize } from '../common/search-words';

const SERVICE_WORDS = new Set(['api', 'apis', 'service', 'services', 'account', 'workspace', 'integration', 'cloud', 'app', 'server', 'mcp', 'sdk', 'platform', 'crm', 'bot', 'saas']);

/** The words that look like a service name and are not in Gatehouse's vocabulary, in query order. */
export function unknownServices(query: string, vocabulary: { has(word: string): boolean }): string[] {
  const words = query.split(/\s+/).filter(Boolean);
  const found: string[] = [];
  const consider = (word: string) => {
    for (const token of tokenize(word)) {
      if (token.length > 2 && !vocabulary.has(token) && !SERVICE_WORDS.has(token) && !found.includes(token)) found.push(token);
    }
  };
  words.forEach((word, index) => {
    const bare = word.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9.]+$/g, '');
    if (!bare) return;
    // A capitalised word after the first, a domain such as notion.so, or a word beside "api"/"service".
    const capitalised = index > 0 && /^[A-Z][a-z0-9]+[A-Za-z0-9]*$/.test(bare);
    const domain = /^[a-z0-9-]+\.(?:com|io|so|ai|dev|app|net|org|co)$/i.test(bare);
    const neighbours = [words[index - 1], words[index + 1]].map((w) => (w ?? '').toLowerCase().replace(/[^a-z]/g, ''));
    const nearService = neighbours.some((w) => SERVICE_WORDS.has(w));
    if (capitalised || domain || nearService) consider(domain ? (bare.split('.')[0] as string) : bare);
  });
  return found;
}
