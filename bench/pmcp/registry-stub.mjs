// A loopback stand-in for the MCP registry: PMCP searches the registry alongside its catalog, and the
// bench must neither reach the internet nor measure it. Every request gets an empty server list at once.
import { createServer } from 'node:http';

export async function startRegistryStub() {
  let requests = 0;
  const server = createServer((request, response) => {
    requests++;
    request.resume();
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ servers: [], metadata: { count: 0 } }));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/v0/servers`,
    /** PMCP's variables that send its registry look-ups here (a private endpoint, loopback allowed). */
    pmcpEnv: { PMCP_REGISTRY_ALLOW_PRIVATE: '1', PMCP_REGISTRY_PRIVATE_ENDPOINT: `http://127.0.0.1:${port}/v0/servers` },
    get requests() {
      return requests;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
