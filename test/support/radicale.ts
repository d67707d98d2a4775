/**
 * Debian's Radicale, a real CalDAV server (./caldav-process.ts), with no authentication (any user name is taken as
 * given), or with Basic authentication of one user (an htpasswd file). Radicale's principal is its calendar home:
 * `/<user>/`.
 *
 *   const radicale = await Radicale.start();                     // or Radicale.start({ password: 'secret' })
 *   const tasks = await radicale.taskList('tasks');              // a calendar collection of VTODOs
 *   await radicale.put(`${tasks}a.ics`, ics);                     // as another CalDAV client would
 *   await radicale.stop();                                       // the process ended, the folder removed
 */
import fs from 'node:fs';
import path from 'node:path';
import { CalDavProcess } from './caldav-process';
import { XML } from './caldav-server';
import { freePort } from './sockets';

export type { CalDavAnswer } from './caldav-server';

const USER = 'node-red';

export class Radicale extends CalDavProcess {
  /** Starts Radicale; with a password, it asks for Basic authentication of its one user. */
  static async start(options: { password?: string } = {}): Promise<Radicale> {
    const port = await freePort();
    const password = options.password ?? 'secret';
    return CalDavProcess.launch(
      'radicale',
      (folder) => ['--config', path.join(folder, 'config')],
      (child, folder) => new Radicale(child, folder, port, { user: USER, password }),
      (folder) => {
        const auth = options.password
          ? ['type = htpasswd', `htpasswd_filename = ${path.join(folder, 'users')}`, 'htpasswd_encryption = plain']
          : ['type = none'];
        fs.writeFileSync(path.join(folder, 'users'), `${USER}:${password}\n`);
        fs.writeFileSync(
          path.join(folder, 'config'),
          [
            '[server]',
            `hosts = 127.0.0.1:${port}`,
            '[auth]',
            ...auth,
            '[storage]',
            `filesystem_folder = ${path.join(folder, 'collections')}`,
            '[logging]',
            'level = warning',
            '',
          ].join('\n'),
        );
      },
    );
  }

  get principal(): string {
    return `/${USER}/`;
  }

  get calendarHome(): string {
    return `/${USER}/`;
  }

  async addressBook(): Promise<string> {
    const collection = `${this.calendarHome}contacts/`;
    const made = await this.request(
      'MKCOL',
      collection,
      '<?xml version="1.0" encoding="utf-8"?><D:mkcol xmlns:D="DAV:" xmlns:CR="urn:ietf:params:xml:ns:carddav">' +
        '<D:set><D:prop><D:resourcetype><D:collection/><CR:addressbook/></D:resourcetype></D:prop></D:set></D:mkcol>',
      XML,
    );
    if (made.status !== 201) throw new Error(`MKCOL ${collection} answered ${made.status}: ${made.body}`);
    return collection;
  }
}
