/**
 * What the tests' CalDAV servers share (Debian's Radicale and Xandikos, each a real server in a process of its own,
 * ./caldav-process.ts, and the simulator's own, ./simulator-caldav.ts): requests as another CalDAV client of the
 * user makes them, calendars made, and the stop. ./radicale.ts, ./xandikos.ts and ./simulator-caldav.ts say how
 * each is started and where a user's collections are.
 */
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

export abstract class CalDavServer {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  /** The user the server knows, and the password it takes (any where it has no authentication). */
  readonly user: string;
  readonly password: string;

  protected constructor(url: string, login: { user: string; password: string }) {
    this.url = url;
    this.user = login.user;
    this.password = login.password;
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
  abstract calendar(name: string, components?: string[], displayName?: string): Promise<string>;

  /** A task list (a calendar of VTODOs): its path. */
  taskList(name: string, displayName?: string): Promise<string> {
    return this.calendar(name, ['VTODO'], displayName);
  }

  /** An address book of the user: its path. */
  abstract addressBook(): Promise<string>;

  /** What the server wrote to its log: a password must not be in what our requests made it say. */
  abstract get output(): string;

  abstract stop(): Promise<void>;
}

export { XML };
