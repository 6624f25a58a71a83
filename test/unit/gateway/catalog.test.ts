import type { Tool } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { indexTool, searchCatalog, tokenize, type IndexedTool } from '../../../src/main/gateway/catalog';

function tool(name: string, description: string, extra: Partial<Tool> = {}): Tool {
  return { name, description, inputSchema: { type: 'object', properties: {}, required: [] }, ...extra };
}

const catalog: IndexedTool[] = [
  indexTool('fs', tool('read_file', 'Read the complete contents of a file.')),
  indexTool('fs', tool('write_file', 'Create or overwrite a file.')),
  indexTool('fs', tool('list_directory', 'List entries in a directory.')),
  indexTool('db', tool('query', 'Run a read-only SQL query against the database.', { annotations: { readOnlyHint: true } })),
  indexTool('db', tool('query_history', 'Show past statements.')),
  indexTool('db', tool('execute', 'Execute a SQL statement that changes data.', { annotations: { destructiveHint: true } })),
  indexTool('web', tool('fetch', 'Fetch a URL and return its body as markdown.')),
  indexTool(
    'misc',
    tool('echo', 'Echoes the message back.', {
      inputSchema: { type: 'object', properties: { file_path: { type: 'string' }, message: { type: 'string' } }, required: ['message'] },
    }),
  ),
];
const ids = (result: { results: { tool_id: string }[] }) => result.results.map((c) => c.tool_id);

describe('tokenize', () => {
  it('lower-cases and splits on punctuation, underscores and inner hyphens', () => {
    expect(tokenize('Read_File,  list-Directory; SQL.query v2')).toEqual(['read', 'file', 'list', 'directory', 'sql', 'query', 'v2']);
  });

  it('drops stop-words', () => {
    expect(tokenize('How can I use the tool to search for a file in my repo please')).toEqual(['search', 'file', 'repo']);
  });

  it('drops flag tokens such as --verbose and -v', () => {
    expect(tokenize('grep --verbose -v pattern -')).toEqual(['grep', 'pattern']);
  });

  it('gives nothing for empty or stop-word-only text', () => {
    expect(tokenize('')).toEqual([]);
    expect(tokenize('  the a of  ')).toEqual([]);
  });
});

describe('indexTool', () => {
  it('indexes the card, with name words weighed three times and title words twice, all stemmed', () => {
    const indexed = indexTool('fs', tool('read_file', 'Reads things.', { title: 'Reader' }));
    expect(indexed.card.tool_id).toBe('fs::read_file');
    expect(indexed.nameStems).toEqual(['read', 'file']);
    // "Reads" is "read" once more, from the description.
    expect(indexed.counts.get('read')).toBe(4);
    expect(indexed.counts.get('reader')).toBe(2);
    expect(indexed.length).toBe(3 + 3 + 2 + 2);
  });

  it('lists as visible only the name, short description and tag words', () => {
    const indexed = indexTool('fs', tool('echo', 'Echoes the message back.', { inputSchema: { type: 'object', properties: { file_path: { type: 'string' } } } }));
    expect([...indexed.visible].sort()).toEqual(['back', 'echo', 'fs', 'messag']);
    expect(indexed.counts.get('path')).toBe(1);
  });
});

describe('searchCatalog without a query', () => {
  it('returns every tool ordered by server, then tool_id', () => {
    expect(ids(searchCatalog(catalog, '', {}, 100))).toEqual([
      'db::execute',
      'db::query',
      'db::query_history',
      'fs::list_directory',
      'fs::read_file',
      'fs::write_file',
      'misc::echo',
      'web::fetch',
    ]);
  });

  it('treats a query of only stop-words and flags like no query', () => {
    expect(ids(searchCatalog(catalog, 'the --all', {}, 100))).toEqual(ids(searchCatalog(catalog, '', {}, 100)));
  });
});

describe('searchCatalog filters', () => {
  it('filters by server exactly', () => {
    expect(ids(searchCatalog(catalog, '', { server: 'fs' }, 100))).toEqual(['fs::list_directory', 'fs::read_file', 'fs::write_file']);
    expect(searchCatalog(catalog, '', { server: 'FS' }, 100).results).toEqual([]);
  });

  it('filters by any of the tags, case-insensitively, including the server tag', () => {
    // query_history is tagged database by the word "query" in its name.
    expect(ids(searchCatalog(catalog, '', { tags: ['DATABASE'] }, 100))).toEqual(['db::execute', 'db::query', 'db::query_history']);
    expect(ids(searchCatalog(catalog, '', { tags: ['Http', 'nope'] }, 100))).toEqual(['web::fetch']);
    expect(ids(searchCatalog(catalog, '', { tags: ['Misc'] }, 100))).toEqual(['misc::echo']);
  });

  it('treats an empty tag list as no tag filter', () => {
    expect(searchCatalog(catalog, '', { tags: [] }, 100).results).toHaveLength(catalog.length);
  });

  it('keeps only tools at or below risk_max', () => {
    const risk = (max: 'low' | 'medium' | 'high') =>
      searchCatalog(catalog, '', { risk_max: max }, 100).results.map((c) => `${c.tool_id}:${c.risk_hint}`);
    expect(risk('low')).toEqual(['db::query:low', 'db::query_history:low', 'fs::list_directory:low', 'fs::read_file:low', 'web::fetch:low']);
    expect(risk('medium')).toEqual([...risk('low').slice(0, 4), 'misc::echo:medium', 'web::fetch:low']);
    expect(risk('medium')).not.toContain('db::execute:high');
    expect(risk('medium')).not.toContain('fs::write_file:high');
    expect(risk('high')).toHaveLength(catalog.length);
  });

  it('counts total_available before the filters and the query', () => {
    const result = searchCatalog(catalog, 'sql', { server: 'db', tags: ['database'], risk_max: 'low' }, 100);
    expect(ids(result)).toEqual(['db::query']);
    expect(result.total_available).toBe(catalog.length);
    expect(searchCatalog([], 'x', {}, 10)).toEqual({ results: [], total_available: 0, truncated: false });
  });
});

describe('searchCatalog with a query', () => {
  it('needs a query word in the name, short description or a tag, not only in an argument name', () => {
    // misc::echo has a "file_path" argument but says nothing about files; list_directory has the "file" tag.
    expect(ids(searchCatalog(catalog, 'file', {}, 100)).sort()).toEqual(['fs::list_directory', 'fs::read_file', 'fs::write_file']);
    expect(ids(searchCatalog(catalog, 'path', {}, 100))).toEqual([]);
  });

  it('finds a tool by a tag word that is not in its name or description', () => {
    // "database" is a tag of db::execute (from "SQL") but not a word of its name or description.
    expect(ids(searchCatalog(catalog, 'database', {}, 100))).toContain('db::execute');
  });

  it('matches any query word, ignoring stop-words and flags', () => {
    expect(ids(searchCatalog(catalog, 'how do I fetch --verbose', {}, 100))).toEqual(['web::fetch']);
  });

  it('puts an exact name match first, then name prefixes, then by relevance', () => {
    expect(ids(searchCatalog(catalog, 'query', {}, 100))).toEqual(['db::query', 'db::query_history']);
    expect(ids(searchCatalog(catalog, 'Query ', {}, 100))[0]).toBe('db::query');
  });

  it('ranks a name prefix above a tool that mentions the word more often', () => {
    const tools = [
      indexTool('a', tool('file_reader', 'read read read, read everything')),
      indexTool('b', tool('read_stats', 'Statistics.')),
    ];
    expect(ids(searchCatalog(tools, 'read', {}, 10))).toEqual(['b::read_stats', 'a::file_reader']);
  });

  it('ranks a tool with the word in its name above one with it only in the description', () => {
    expect(ids(searchCatalog(catalog, 'directory', {}, 100))).toEqual(['fs::list_directory']);
    const tools = [indexTool('a', tool('catalog', 'Browse the directory of products.')), indexTool('b', tool('list_directory', 'Lists entries.'))];
    expect(ids(searchCatalog(tools, 'directory', {}, 10))).toEqual(['b::list_directory', 'a::catalog']);
  });

  it('ranks tools matching more query words higher', () => {
    const result = ids(searchCatalog(catalog, 'read file', {}, 100));
    expect(result[0]).toBe('fs::read_file');
    expect(result).toContain('fs::write_file');
    expect(result).toContain('db::query');
  });

  it('breaks ties by server, then tool_id', () => {
    const tools = [
      indexTool('zeta', tool('ping', 'Ping the host.')),
      indexTool('alpha', tool('ping', 'Ping the host.')),
      indexTool('alpha', tool('pong', 'Ping the host.')),
    ];
    expect(ids(searchCatalog(tools, 'host', {}, 10))).toEqual(['alpha::ping', 'alpha::pong', 'zeta::ping']);
  });
});

describe('searchCatalog limit', () => {
  it('returns at most limit results and says whether more matched', () => {
    const cut = searchCatalog(catalog, '', {}, 3);
    expect(ids(cut)).toEqual(['db::execute', 'db::query', 'db::query_history']);
    expect(cut.truncated).toBe(true);
    expect(searchCatalog(catalog, '', {}, catalog.length).truncated).toBe(false);
    expect(searchCatalog(catalog, 'file', {}, 3).truncated).toBe(false);
    expect(searchCatalog(catalog, 'file', {}, 2).truncated).toBe(true);
  });
});

describe('ignored words and exact-name ranking', () => {
  it('ranks the same with or without stop-words and flags', () => {
    const tools = [indexTool('s', tool('archive', 'Store things for later.')), indexTool('s', tool('vault_store', 'Archive and archive and archive files.'))];
    const ids = (q: string) => searchCatalog(tools, q, {}, 10).results.map((c) => c.tool_id);
    expect(ids('archive')[0]).toBe('s::archive');
    expect(ids('archive --verbose')).toEqual(ids('archive'));
    expect(ids('the archive')).toEqual(ids('archive'));
  });
});
