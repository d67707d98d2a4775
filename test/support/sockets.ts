import net from 'node:net';

/**
 * A port of 127.0.0.1 that nothing listens on (bound, then closed again): for
 * a server to start on, or for a connection to be refused at.
 */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The TCP sockets this process holds open: a pool that closes lets go of all of its own. */
export function openSockets(): number {
  return process.getActiveResourcesInfo().filter((name) => name === 'TCPSocketWrap').length;
}
