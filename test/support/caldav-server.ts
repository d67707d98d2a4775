/**
 * What the tests' CalDAV servers share (Debian's Radicale and Xandikos, each a real server in a process of its
 * own on a free port of 127.0.0.1, its collections in a temporary folder): the start and wait until it answers,
 * requests as another CalDAV client of the user makes them, collections made as clients make them, and the stop.
 * ./radicale.ts and ./xandikos.ts say how each is started and where a user's collections are.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually } from './until';

export interface CalDavAnswer {
  status: number;
  etag: string | null;
  body: string;
}

const XML = { 'content-type': 'application/xml; charset=utf-8' };
export const ICS = { 'content-type': 'text/calendar; charset=utf-8' };

/** A VTODO resource as another CalDAV client (Thunderbird, a phone) writes it. */
export function vtodo(uid: string, lines: string[], extra: string[] = []): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Another client//EN',
    ...extra,
    'BEGIN:VTODO',
    `UID:${uid}`,
    'DTSTAMP:20261120T090000Z',
    ...lines,
    'END:VTODO',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/**
 * A task list for an example's CalDAV node, named as the example's address names it, on `server`, holding one
 * task (another client's): its address there.
 */
export async function exampleTaskList(server: CalDavServer, address: string): Promise<string> {
  const list = await server.taskList(new URL(address).pathname.split('/').filter(Boolean).pop() ?? 'tasks');
  await server.put(`${list}example.ics`, vtodo('example-task', ['SUMMARY:Water the plants']));
  return `${server.url}${list}`;
}

export abstract class CalDavServer {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  protected log = '';
  /** The user the server knows, and the password it takes (any where it has no authentication). */
  readonly user: string;
  readonly password: string;

  readonly folder: string;
  private readonly child: ChildProcess;

  protected constructor(child: ChildProcess, folder: string, port: number, login: { user: string; password: string }) {
    this.child = child;
    this.folder = folder;
    this.url = `http://127.0.0.1:${port}`;
    this.user = login.user;
    this.password = login.password;
    for (const stream of [child.stdout, child.stderr])
      stream?.on('data', (chunk: Buffer) => (this.log += String(chunk)));
  }

  /** Starts a server's process in a new folder and resolves once it answers. */
  protected static async launch<T extends CalDavServer>(
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

  /** The user's principal, e.g. `/user/`. */
  abstract get principal(): string;
  /** The user's calendar home: where task lists are made. */
  abstract get calendarHome(): string;

  /** A request as a CalDAV client of the user makes it; the body as text. */
  async request(
    method: string,
    address: string,
    body?: string,
    headers: Record<string, string> = {},
  ): Promise<CalDavAnswer> {
    const login = Buffer.from(`${this.user}:${this.password}`).toString('base64');
    const response = await fetch(new URL(address, this.url), {
      method,
      headers: { authorization: `Basic ${login}`, ...headers },
      body,
    });
    return { status: response.status, etag: response.headers.get('etag'), body: await response.text() };
  }

  /** Puts a task resource as another client does; its ETag. */
  async put(address: string, ics: string): Promise<string | null> {
    const answer = await this.request('PUT', address, ics, ICS);
    if (answer.status !== 201 && answer.status !== 204)
      throw new Error(`PUT ${address} answered ${answer.status}: ${answer.body}`);
    return answer.etag ?? (await this.request('GET', address)).etag;
  }

  /** A resource's text as the server holds it now. */
  async ics(address: string): Promise<string> {
    const answer = await this.request('GET', address);
    if (answer.status !== 200) throw new Error(`GET ${address} answered ${answer.status}`);
    return answer.body;
  }

  /** Makes a calendar collection for the components given (a task list: VTODO); its path, ending in `/`. */
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

  /** A task list (a calendar of VTODOs): its path. */
  taskList(name: string, displayName?: string): Promise<string> {
    return this.calendar(name, ['VTODO'], displayName);
  }

  /** An address book of the user: its path. */
  abstract addressBook(): Promise<string>;

  /** What the server wrote to its log: a password must not be in what our requests made it say. */
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

export { XML };
