/**
 * Debian's Xandikos, a real CalDAV server (./caldav-process.ts) that keeps its collections in git, without
 * authentication. Its user's principal is `/user/`, its calendar home `/user/calendars/` (with a calendar for
 * every component), its address book `/user/contacts/addressbook/`.
 *
 *   const xandikos = await Xandikos.start();
 *   const tasks = await xandikos.taskList('tasks');
 */
import { CalDavProcess } from './caldav-process';
import { freePort } from './sockets';

export class Xandikos extends CalDavProcess {
  static async start(): Promise<Xandikos> {
    const port = await freePort();
    return CalDavProcess.launch(
      'xandikos',
      (folder) => [
        '-d',
        folder,
        '--defaults',
        '-l',
        '127.0.0.1',
        '-p',
        String(port),
        '--current-user-principal',
        '/user/',
      ],
      (child, folder) => new Xandikos(child, folder, port, { user: 'user', password: '' }),
    );
  }

  get principal(): string {
    return '/user/';
  }

  get calendarHome(): string {
    return '/user/calendars/';
  }

  addressBook(): Promise<string> {
    return Promise.resolve('/user/contacts/addressbook/');
  }
}
