/**
 * Debian's Radicale, a real CalDAV server, on a free port of 127.0.0.1 with its collections in a temporary folder
 * and no authentication (any user name is taken as given): for the CalDAV example of the to-do sync.
 *
 *   const radicale = await Radicale.start();
 *   const tasks = await radicale.taskList('node-red', 'tasks');   // a calendar collection of VTODOs
 *   await radicale.request('PUT', `${tasks}a.ics`, ics)            // as another CalDAV client would
 *   await radicale.stop();                                         // the process ended, the folder removed
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './sockets';
import { eventually } from './until';

const USER = 'node-red';

export interface CalDavAnswer {
  status: number;
  etag: string | null;
  body: string;
}

export class Radicale {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  private log = '';

  private readonly child: ChildProcess;
  private readonly folder: string;

  private constructor(child: ChildProcess, folder: string, port: number) {
    this.child = child;
    this.folder = folder;
    this.url = `http://127.0.0.1:${port}`;
    for (const stream of [child.stdout, child.stderr])
      stream?.on('data', (chunk: Buffer) => (this.log += String(chunk)));
  }

  /** Starts Radicale and resolves once it answers. */
  static async start(): Promise<Radicale> {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'radicale-'));
    const port = await freePort();
    const config = path.join(folder, 'config');
    fs.writeFileSync(
      config,
      [
        '[server]',
        `hosts = 127.0.0.1:${port}`,
        '[auth]',
        'type = none',
        '[storage]',
        `filesystem_folder = ${path.join(folder, 'collections')}`,
        '[logging]',
        'level = warning',
        '',
      ].join('\n'),
    );
    const child = spawn('radicale', ['--config', config], { stdio: ['ignore', 'pipe', 'pipe'] });
    const radicale = new Radicale(child, folder, port);
    const exited = new Promise<string>((resolve) => {
      child.once('error', (error) => resolve(`radicale did not start: ${error.message}`));
      child.once('exit', (code) => resolve(`radicale ended (exit code ${code}): ${radicale.log}`));
    });
    const answers = eventually(
      async () => {
        try {
          return (await fetch(radicale.url)).status > 0;
        } catch {
          return false;
        }
      },
      { what: 'Radicale to answer', got: () => radicale.log, everyMs: 50 },
    );
    const outcome = await Promise.race([
      answers.then(
        () => '',
        (error: Error) => error.message,
      ),
      exited,
    ]);
    if (outcome) {
      await radicale.stop();
      throw new Error(outcome);
    }
    return radicale;
  }

  /** A request as a CalDAV client of the user makes it; the body as text. */
  async request(
    method: string,
    address: string,
    body?: string,
    headers: Record<string, string> = {},
  ): Promise<CalDavAnswer> {
    const response = await fetch(new URL(address, this.url), {
      method,
      headers: { authorization: `Basic ${Buffer.from(`${USER}:secret`).toString('base64')}`, ...headers },
      body,
    });
    return { status: response.status, etag: response.headers.get('etag'), body: await response.text() };
  }

  /** Makes a calendar collection of VTODOs for the user; its path, ending in `/`. */
  async taskList(name: string): Promise<string> {
    const collection = `/${USER}/${name}/`;
    const made = await this.request(
      'MKCALENDAR',
      collection,
      '<?xml version="1.0" encoding="utf-8"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">' +
        '<D:set><D:prop><D:displayname>Tasks</D:displayname><C:supported-calendar-component-set>' +
        '<C:comp name="VTODO"/></C:supported-calendar-component-set></D:prop></D:set></C:mkcalendar>',
      { 'content-type': 'application/xml; charset=utf-8' },
    );
    if (made.status !== 201) throw new Error(`MKCALENDAR ${collection} answered ${made.status}: ${made.body}`);
    return collection;
  }

  get user(): string {
    return USER;
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
