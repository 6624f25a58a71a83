#!/usr/bin/env node
// The image's HEALTHCHECK (there is no curl in a FROM scratch image): exit 0 when /health says ok.
const port = process.env.GATEHOUSE_HEALTH_PORT ?? '3344';
try {
  const res = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(4000) });
  const body = await res.json();
  process.exit(body.ok === true ? 0 : 1);
} catch {
  process.exit(1);
}
