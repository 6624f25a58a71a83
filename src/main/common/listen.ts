// Where a Gatehouse listens unless told otherwise: what the HTTP settings default to, and what config
// loading and the trust review recognise as Gatehouse's own endpoint (a loopback URL on this port).
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 3344;
