// L3: the code-execution guide served as a resource (contract §6). Written for agents: short, concrete,
// and only claims what Gatehouse actually does. Kept as a string so the packaged app and `gatehouse
// serve` need no extra asset files.
export const METHODOLOGY_MARKDOWN = `# Orchestrating Gatehouse tools with code

Gatehouse puts many MCP servers behind a few \`gateway.*\` tools. Each tool call you make one at a time
costs a model turn and pulls its whole result into your context. If your environment lets you run code
that calls MCP tools, let the code make the calls and keep only what you need.

## The three steps

1. **Find**: \`gateway.catalog_search({ query: "what you need" })\` returns compact cards with a
   \`tool_id\` (\`server::tool\`), a short description, a \`risk_hint\` and often a \`code_hint\`.
2. **Read**: \`gateway.describe({ tool_id })\` gives the arguments, the output schema and an
   \`invoke_template\` to fill in. Describe once per tool, not once per call.
3. **Call**: \`gateway.invoke({ tool_id, arguments })\` answers \`{ ok, result, errors, truncated }\`.
   \`ok: false\` means the tool failed (\`errors\` says why); check it before using \`result\`.

## When code beats single calls

| Situation | Pattern (\`code_hint\`) |
|---|---|
| The same tool over many inputs | \`loop\`: iterate in code, collect results, report a summary |
| A large listing or search result | \`filter\`: reduce in code, return only the matching items |
| The next step depends on an answer | \`if/else\`: branch in code instead of asking again |
| A call that may fail (network, writes) | \`try/catch\`: handle \`ok: false\` and errors, retry once if retryable |
| Long-running work (jobs, builds, tasks) | \`poll\`: check status with a bounded loop and a pause |

## A worked shape

\`\`\`js
const files = ["a.md", "b.md", "c.md"];
const found = [];
for (const path of files) {
  const r = await gateway.invoke({ tool_id: "fs::read_file", arguments: { path } });
  if (!r.ok) { found.push({ path, error: r.errors[0] }); continue; }
  const text = r.result.content.filter((b) => b.type === "text").map((b) => b.text).join("");
  if (text.includes("TODO")) found.push({ path });
}
return found; // a few lines instead of three full files
\`\`\`

How tools are called from code depends on your environment; adapt \`gateway.invoke(...)\` to it.

## Practical rules

- **Return summaries, not dumps.** Counts, ids and the few matching items; let code read the rest.
- **Bound every loop.** Cap iterations and pages; stop on the first \`ok: false\` unless you can recover.
- **Respect \`risk_hint\`.** For \`high\` risk tools (writes, deletes, sends), confirm with the user before a
  loop runs them many times, and try one call first.
- **Use the options.** \`options.max_output_chars\` and \`options.timeout_ms\` keep a call small and bounded;
  \`truncated: true\` means the result was cut.
- **Long jobs.** If \`describe\` shows \`execution.taskSupport\`, \`gateway.invoke\` with \`task\` returns a
  task you can follow with \`gateway.tasks_get\` / \`gateway.tasks_result\` instead of holding a call open.
- **Errors carry codes.** E2xx: the server (offline, missing credential: see \`next_step\`); E3xx: the tool
  (E304 lists each bad argument); E4xx: policy said no, so do not retry.
- **Servers start on demand.** The first call to a server can take a few seconds; \`gateway.health\` shows
  which servers are online.
`;
