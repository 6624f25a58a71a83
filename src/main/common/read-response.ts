// Reading an HTTP answer Gatehouse fetched itself (the MCP Registry, a JWT issuer's key set) with a size
// cap: a declared length over the cap is refused before reading, and the body is read only up to it, so a
// hostile or broken server cannot make the gateway buffer without bound. `what` names it in the error.
export async function readResponseCapped(response: Response, maxBytes: number, what: string): Promise<string> {
  const tooLarge = () => new Error(`${what} is larger than ${maxBytes} bytes`);
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) throw tooLarge();
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
