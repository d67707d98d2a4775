/**
 * The simulator's own CalDAV server (src/simulator/caldav.ts) as a third server of the CalDAV suites, beside
 * Radicale and Xandikos (./caldav-server.ts): a simulator of its own on a free port of 127.0.0.1, its one user's
 * principal `/caldav/user/`, its calendar home `/caldav/user/calendars/`. It takes any user name and password, or
 * none. Its calendars are fixed (it answers no MKCALENDAR): a test's new calendar is put into its state, as a test
 * seeds the service, in place of one of that name (its sample task list too); everything in it, the tasks too, then
 * goes over CalDAV. It has no address book.
 *
 *   const server = await SimulatorCalDav.start();
 *   const tasks = await server.taskList('chores', 'Chores');   // a calendar of VTODOs, empty
 *   await server.put(`${tasks}a.ics`, ics);                     // as another CalDAV client would
 */
import { startSimulator, type CalendarComponent, type Simulator } from '../../dist/simulator/server';
import { CalDavServer } from './caldav-server';

export const SIMULATOR_TASK_LIST = '/caldav/user/calendars/tasks/';

export class SimulatorCalDav extends CalDavServer {
  readonly sim: Simulator;
  private readonly lines: string[];

  private constructor(sim: Simulator, lines: string[]) {
    super(sim.url, { user: 'anyone', password: 'any password' });
    this.sim = sim;
    this.lines = lines;
  }

  static async start(): Promise<SimulatorCalDav> {
    const lines: string[] = [];
    const sim = await startSimulator({ log: (line) => lines.push(line) });
    return new SimulatorCalDav(sim, lines);
  }

  get principal(): string {
    return '/caldav/user/';
  }

  get calendarHome(): string {
    return '/caldav/user/calendars/';
  }

  calendar(name: string, components: string[] = ['VTODO'], displayName = name): Promise<string> {
    const made = { name, displayName, components: components as CalendarComponent[], objects: new Map() };
    const { calendars } = this.sim.state;
    calendars.splice(0, calendars.length, ...calendars.filter((calendar) => calendar.name !== name), made);
    return Promise.resolve(`${this.calendarHome}${encodeURIComponent(name)}/`);
  }

  addressBook(): Promise<string> {
    return Promise.reject(new Error('the simulator serves no address book'));
  }

  get output(): string {
    return this.lines.join('\n');
  }

  stop(): Promise<void> {
    return this.sim.close();
  }
}
