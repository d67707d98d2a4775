/**
 * A real CalDAV server in a process of its own (Debian's Radicale, ./radicale.ts, and Xandikos, ./xandikos.ts) on a
 * free port of 127.0.0.1, its collections in a temporary folder: started and waited for until it answers,
 * calendars made as clients make them (MKCALENDAR), its log kept, and stopped with its folder removed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CalDavServer, XML } from './caldav-server';
import { eventually } from './until';

export abstract class CalDavProcess extends CalDavServer {
  protected log = '';
  readonly folder: string;
  private readonly child: ChildProcess;

  protected constructor(child: ChildProcess, folder: string, port: number, login: { user: string; password: string }) {
    super(`http://127.0.0.1:${port}`, login);
    this.child = child;
    this.folder = folder;
    for (const stream of [child.stdout, child.stderr])
      stream?.on('data', (chunk: Buffer) => (this.log += String(chunk)));
  }

  /** Starts a server's process in a new folder and resolves once it answers. */
  protected static async launch<T extends CalDavProcess>(
    command: string,
    args: (folder: string) => string[],
    make: (child: ChildProcess, folder: string) => T,
    prepare: (folder: string) => void = () => undefined,
  ): Promise<T> {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), `${command}-`));
    prepare(folder);
    const child = spawn(command, args(folder), { stdio: ['ignore', 'pipe', 'pipe'] });
    const server = make(child, folder);
    const exited = new Promise<string>((resolve) => {
      child.once('error', (error) => resolve(`${command} did not start: ${error.message}`));
      child.once('exit', (code) => resolve(`${command} ended (exit code ${code}): ${server.log}`));
    });
    const answers = eventually(
      async () => {
        try {
          return (await fetch(server.url)).status > 0;
        } catch {
          return false;
        }
      },
      { what: `${command} to answer`, got: () => server.log, everyMs: 50 },
    );
    const outcome = await Promise.race([
      answers.then(
        () => '',
        (error: Error) => error.message,
      ),
      exited,
    ]);
    if (outcome) {
      await server.stop();
      throw new Error(outcome);
    }
    return server;
  }

  async calendar(name: string, components: string[] = ['VTODO'], displayName = name): Promise<string> {
    const collection = `${this.calendarHome}${name}/`;
    const made = await this.request(
      'MKCALENDAR',
      collection,
      '<?xml version="1.0" encoding="utf-8"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">' +
        `<D:set><D:prop><D:displayname>${displayName}</D:displayname><C:supported-calendar-component-set>` +
        components.map((component) => `<C:comp name="${component}"/>`).join('') +
        '</C:supported-calendar-component-set></D:prop></D:set></C:mkcalendar>',
      XML,
    );
    if (made.status !== 201) throw new Error(`MKCALENDAR ${collection} answered ${made.status}: ${made.body}`);
    return collection;
  }

  get output(): string {
    return this.log;
  }

  async stop(): Promise<void> {
    if (this.child.pid !== undefined && this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      this.child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(this.folder, { recursive: true, force: true });
  }
}
