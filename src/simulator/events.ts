// Server-Sent Events for the simulator's page: every client gets the whole
// state as one JSON event on connect and after every change.

import type { ServerResponse } from 'node:http';

const HEARTBEAT_MS = 15_000;

export class EventStream {
  private readonly clients = new Set<ServerResponse>();
  private heartbeat: NodeJS.Timeout | undefined;

  get clientCount(): number {
    return this.clients.size;
  }

  attach(response: ServerResponse, initialJson: string): void {
    response.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
    });
    response.write(eventFrame(initialJson));
    this.clients.add(response);
    response.on('close', () => {
      this.clients.delete(response);
      if (this.clients.size === 0) this.stopHeartbeat();
    });
    this.startHeartbeat();
  }

  send(json: string): void {
    const frame = eventFrame(json);
    for (const client of this.clients) client.write(frame);
  }

  /** Ends every stream; the sockets themselves are destroyed by the server. */
  close(): void {
    this.stopHeartbeat();
    for (const client of this.clients) client.end();
    this.clients.clear();
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      for (const client of this.clients) client.write(': heartbeat\n\n');
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}

function eventFrame(json: string): string {
  return `event: state\ndata: ${json}\n\n`;
}
