// Whether a client's Accept header takes a plain JSON answer (RFC 9110 §12.5.1: a media range
// `application/json`, `application/*` or `*/*` whose weight is not zero). Streamable HTTP clients list
// both `application/json` and `text/event-stream`; one that lists only the event stream keeps getting it.

// A client sends the same Accept on every request: the last verdict is kept for it.
let last: { accept: string; json: boolean } | null = null;

export function acceptsJson(accept: string | undefined): boolean {
  if (!accept) return false;
  if (last?.accept === accept) return last.json;
  const json = judge(accept);
  last = { accept, json };
  return json;
}

function judge(accept: string): boolean {
  for (const range of accept.toLowerCase().split(',')) {
    const [type = '', ...params] = range.split(';').map((part) => part.trim());
    if (type !== 'application/json' && type !== 'application/*' && type !== '*/*') continue;
    const weight = params.find((p) => p.startsWith('q='));
    if (weight === undefined || Number(weight.slice(2)) > 0) return true;
  }
  return false;
}
