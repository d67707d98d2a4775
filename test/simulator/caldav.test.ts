// The simulator's CalDAV server as a CalDAV client meets it over HTTP: discovery from the server's address as
// real servers answer it, the sample task list and its calendar of events told apart, a calendar-query's ETags and
// texts as GET gives them, conditional writes and deletions (412 on another ETag, If-None-Match: * for a create),
// an ETag new at every write, the text kept byte for byte, the preconditions of RFC 4791 on what is written, and
// any user name and password (or none) taken alike. The answers are read as XML with their namespaces.

import { expect } from 'chai';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { startSimulator, type Simulator } from '../../dist/simulator/server';

const DAV = 'DAV:';
const CALDAV = 'urn:ietf:params:xml:ns:caldav';
const TASKS = '/caldav/user/calendars/tasks/';
const XML = { 'content-type': 'application/xml; charset=utf-8' };
const ICS = { 'content-type': 'text/calendar; charset=utf-8' };

const propfindOf = (props: string) =>
  `<?xml version="1.0"?><D:propfind xmlns:D="DAV:" xmlns:C="${CALDAV}"><D:prop>${props}</D:prop></D:propfind>`;
const TASK_QUERY =
  `<?xml version="1.0"?><C:calendar-query xmlns:D="DAV:" xmlns:C="${CALDAV}"><D:prop><D:getetag/><C:calendar-data/>` +
  '</D:prop><C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"/></C:comp-filter></C:filter>' +
  '</C:calendar-query>';

function task(uid: string, lines: string[], component = 'VTODO'): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//A phone//EN',
    `BEGIN:${component}`,
    `UID:${uid}`,
    'DTSTAMP:20261120T090000Z',
    ...lines,
    `END:${component}`,
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/** A multistatus read as a client reads it: each response's href and its properties found, by local name. */
function responsesOf(xml: string): { href: string; found: Map<string, Element>; missing: string[] }[] {
  const root = new DOMParser().parseFromString(xml, 'text/xml').documentElement as Element;
  expect(root.namespaceURI, xml).to.equal(DAV);
  expect(root.localName).to.equal('multistatus');
  return Array.from(root.getElementsByTagNameNS(DAV, 'response')).map((response) => {
    const found = new Map<string, Element>();
    const missing: string[] = [];
    for (const propstat of Array.from(response.getElementsByTagNameNS(DAV, 'propstat'))) {
      const ok = /\s200\s/.test(propstat.getElementsByTagNameNS(DAV, 'status')[0]?.textContent ?? '');
      const prop = propstat.getElementsByTagNameNS(DAV, 'prop')[0];
      for (let child = prop?.firstChild; child; child = child.nextSibling) {
        if (child.nodeType !== 1) continue;
        const element = child as Element;
        if (ok) found.set(element.localName ?? '', element);
        else missing.push(element.localName ?? '');
      }
    }
    return { href: response.getElementsByTagNameNS(DAV, 'href')[0]?.textContent ?? '', found, missing };
  });
}

const hrefIn = (element: Element | undefined) => element?.getElementsByTagNameNS(DAV, 'href')[0]?.textContent;

describe('the simulator as a CalDAV server', function () {
  let sim: Simulator;

  before(async () => {
    sim = await startSimulator();
  });
  after(() => sim.close());
  afterEach(() => sim.reset());

  async function ask(
    method: string,
    path: string,
    body?: string,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const response = await fetch(`${sim.url}${path}`, { method, body, headers, redirect: 'manual' });
    return { status: response.status, headers: response.headers, text: await response.text() };
  }

  it("finds the user's calendars from the server's address: well-known, principal, calendar home", async () => {
    const wellKnown = await ask('PROPFIND', '/.well-known/caldav', propfindOf('<D:current-user-principal/>'));
    expect(wellKnown.status).to.equal(301);
    expect(wellKnown.headers.get('location')).to.equal('/caldav/');

    const service = responsesOf(
      (await ask('PROPFIND', '/caldav/', propfindOf('<D:current-user-principal/>'), { depth: '0' })).text,
    );
    expect(hrefIn(service[0].found.get('current-user-principal'))).to.equal('/caldav/user/');

    const principal = await ask('PROPFIND', '/caldav/user/', propfindOf('<C:calendar-home-set/><D:resourcetype/>'), {
      depth: '0',
    });
    expect(principal.status).to.equal(207);
    const [own] = responsesOf(principal.text);
    expect(hrefIn(own.found.get('calendar-home-set'))).to.equal('/caldav/user/calendars/');
    expect(own.found.get('resourcetype')?.getElementsByTagNameNS(DAV, 'principal').length).to.equal(1);

    const home = await ask(
      'PROPFIND',
      '/caldav/user/calendars/',
      propfindOf('<D:resourcetype/><D:displayname/><C:supported-calendar-component-set/><D:getctag/>'),
      { depth: '1' },
    );
    const calendars = responsesOf(home.text).filter(
      ({ found }) => found.get('resourcetype')?.getElementsByTagNameNS(CALDAV, 'calendar').length,
    );
    const described = calendars.map(({ href, found }) => ({
      href,
      name: found.get('displayname')?.textContent,
      takes: Array.from(
        found.get('supported-calendar-component-set')?.getElementsByTagNameNS(CALDAV, 'comp') ?? [],
      ).map((comp) => comp.getAttribute('name')),
    }));
    expect(described).to.deep.equal([
      { href: TASKS, name: 'Tasks', takes: ['VTODO'] },
      { href: '/caldav/user/calendars/events/', name: 'Events', takes: ['VEVENT'] },
    ]);
    expect(responsesOf(home.text)[0].missing, 'a property it does not have: 404').to.include('getctag');

    const root = responsesOf((await ask('PROPFIND', '/', propfindOf('<D:resourcetype/>'), { depth: '0' })).text);
    expect(root[0].found.get('resourcetype')?.getElementsByTagNameNS(DAV, 'collection').length).to.equal(1);
    const page = await ask('GET', '/');
    expect(page.text, 'GET / is still the page').to.include('Device Cloud simulator');
  });

  it('answers a calendar-query with each task, its ETag and its text as GET gives them, events left out', async () => {
    const report = await ask('REPORT', TASKS, TASK_QUERY, { ...XML, depth: '1' });
    expect(report.status).to.equal(207);
    const listed = responsesOf(report.text);
    expect(listed.map(({ href }) => href)).to.have.members(
      ['plumber', 'electricity', 'bins', 'milk'].map((name) => `${TASKS}${name}.ics`),
    );
    for (const { href, found } of listed) {
      const got = await ask('GET', href);
      expect(got.headers.get('content-type')).to.match(/^text\/calendar/);
      expect(found.get('getetag')?.textContent, href).to.equal(got.headers.get('etag'));
      expect(found.get('calendar-data')?.textContent, 'the same text, its CR LF kept').to.equal(got.text);
      expect(got.text).to.match(/^BEGIN:VCALENDAR\r\n[\s\S]*BEGIN:VTODO\r\n/);
    }
    const texts = listed.map(({ found }) => found.get('calendar-data')?.textContent ?? '').join('\n');
    expect(texts)
      .to.match(/DUE;TZID=Europe\/London:\d{8}T093000/)
      .and.include('BEGIN:VTIMEZONE');
    expect(texts).to.match(/DUE;VALUE=DATE:\d{8}\r\nRRULE:FREQ=WEEKLY;BYDAY=(MO|TU|WE|TH|FR|SA|SU)/);
    expect(texts).to.include('SUMMARY:交电费').and.include('SUMMARY:买牛奶\r\nSTATUS:COMPLETED');
    const events = await ask('REPORT', '/caldav/user/calendars/events/', TASK_QUERY, { ...XML, depth: '1' });
    expect(responsesOf(events.text), 'no task among the events').to.deep.equal([]);
  });

  it('creates with If-None-Match: *, writes and deletes only on the ETag read (412 otherwise), a new ETag each write', async () => {
    const text = task('phone-1', ['SUMMARY:Buy stamps', 'X-PHONE-COLOUR;X-KEPT=yes:teal']);
    const created = await ask('PUT', `${TASKS}stamps.ics`, text, { ...ICS, 'if-none-match': '*' });
    expect(created.status).to.equal(201);
    const first = created.headers.get('etag') as string;
    expect(first).to.match(/^"[^"]+"$/);
    expect((await ask('PUT', `${TASKS}stamps.ics`, text, { ...ICS, 'if-none-match': '*' })).status).to.equal(412);
    expect((await ask('GET', `${TASKS}stamps.ics`)).text, 'byte for byte').to.equal(text);

    const again = await ask('PUT', `${TASKS}stamps.ics`, text, { ...ICS, 'if-match': first });
    expect(again.status).to.equal(204);
    const second = again.headers.get('etag');
    expect(second, 'the same text written again: a new ETag').to.not.equal(first);
    const stale = await ask('PUT', `${TASKS}stamps.ics`, task('phone-1', ['SUMMARY:Stale']), {
      ...ICS,
      'if-match': first,
    });
    expect(stale.status).to.equal(412);
    expect((await ask('GET', `${TASKS}stamps.ics`)).headers.get('etag')).to.equal(second);

    expect((await ask('DELETE', `${TASKS}stamps.ics`, undefined, { 'if-match': first })).status).to.equal(412);
    expect((await ask('DELETE', `${TASKS}stamps.ics`, undefined, { 'if-match': second as string })).status).to.equal(
      204,
    );
    expect((await ask('GET', `${TASKS}stamps.ics`)).status).to.equal(404);
    expect((await ask('PUT', `${TASKS}stamps.ics`, text, { ...ICS, 'if-match': first })).status).to.equal(412);
    expect((await ask('DELETE', `${TASKS}stamps.ics`)).status).to.equal(404);
  });

  it('refuses what a task list does not keep, naming the precondition; nothing is written', async () => {
    const refusals: [string, string, string, Record<string, string>][] = [
      ['an event', `${TASKS}party.ics`, task('party', ['SUMMARY:Party'], 'VEVENT'), ICS],
      ['not iCalendar', `${TASKS}note.ics`, 'just a note', ICS],
      ['a METHOD', `${TASKS}m.ics`, task('m', ['SUMMARY:M']).replace('VERSION:2.0', 'METHOD:REQUEST'), ICS],
      ['a UID taken', `${TASKS}again.ics`, task('b8f2c1de-5a0e-4c1b-9d7e-2f4a6c8e0a11', ['SUMMARY:Twin']), ICS],
      ['not text/calendar', `${TASKS}json.ics`, task('json', ['SUMMARY:J']), { 'content-type': 'application/json' }],
    ];
    const said: string[] = [];
    for (const [what, path, body, headers] of refusals) {
      const answer = await ask('PUT', path, body, headers);
      expect(answer.status, what).to.equal(403);
      said.push(/<C:([\w-]+)/.exec(answer.text)?.[1] ?? answer.text);
      expect((await ask('GET', path)).status, `${what}: nothing written`).to.equal(404);
    }
    expect(said).to.deep.equal([
      'supported-calendar-component',
      'valid-calendar-data',
      'valid-calendar-object-resource',
      'no-uid-conflict',
      'supported-calendar-data',
    ]);
    expect((await ask('PUT', '/caldav/user/calendars/nothing/a.ics', task('a', []), ICS)).status).to.equal(409);
    expect((await ask('MKCALENDAR', '/caldav/user/calendars/mine/')).status, 'its calendars are fixed').to.equal(403);
    expect((await ask('DELETE', TASKS)).status, 'the task list stays').to.equal(403);
  });

  it('answers a calendar-multiget, and refuses a filter or a REPORT it does not serve, saying which', async () => {
    const multiget =
      `<?xml version="1.0"?><C:calendar-multiget xmlns:D="DAV:" xmlns:C="${CALDAV}"><D:prop><D:getetag/></D:prop>` +
      `<D:href>${TASKS}milk.ics</D:href><D:href>${TASKS}gone.ics</D:href></C:calendar-multiget>`;
    const got = await ask('REPORT', TASKS, multiget, { ...XML, depth: '1' });
    expect(got.status).to.equal(207);
    expect(got.text).to.match(/<D:href>[^<]*gone\.ics<\/D:href><D:status>HTTP\/1\.1 404/);
    expect(responsesOf(got.text)[0].found.get('getetag')?.textContent).to.equal(
      (await ask('GET', `${TASKS}milk.ics`)).headers.get('etag'),
    );

    const byTime = TASK_QUERY.replace(
      '<C:comp-filter name="VTODO"/>',
      '<C:comp-filter name="VTODO"><C:time-range start="20260101T000000Z"/></C:comp-filter>',
    );
    const filtered = await ask('REPORT', TASKS, byTime, { ...XML, depth: '1' });
    expect(filtered.status).to.equal(403);
    expect(filtered.text).to.include('<C:supported-filter><C:time-range/></C:supported-filter>');
    const sync = await ask(
      'REPORT',
      TASKS,
      '<?xml version="1.0"?><D:sync-collection xmlns:D="DAV:"><D:sync-token/><D:prop><D:getetag/></D:prop></D:sync-collection>',
      XML,
    );
    expect(sync.status).to.equal(403);
    expect(sync.text).to.include('<D:supported-report/>');
  });

  it('says what each address takes (OPTIONS, 405 with Allow), and refuses a body too large or not what it reads', async () => {
    const allow = async (path: string) => (await ask('OPTIONS', path)).headers.get('allow');
    expect(await allow(TASKS)).to.equal('OPTIONS, GET, HEAD, PROPFIND, REPORT');
    expect(await allow(`${TASKS}plumber.ics`)).to.equal('OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, REPORT');
    expect(await allow(`${TASKS}new.ics`), 'a task not there yet').to.equal('OPTIONS, PUT');
    expect(await allow('/caldav/nowhere/at/all')).to.equal('OPTIONS');
    const head = await ask('HEAD', TASKS);
    expect([head.status, head.text]).to.deep.equal([200, '']);
    for (const method of ['PUT', 'PATCH']) {
      const refused = await ask(method, TASKS, task('x', []), ICS);
      expect([refused.status, refused.headers.get('allow')], method).to.deep.equal([
        405,
        'OPTIONS, GET, HEAD, PROPFIND, REPORT',
      ]);
    }
    const large = await ask('PROPFIND', TASKS, `<!-- ${'x'.repeat(1024 * 1024)} -->`, { ...XML, depth: '0' });
    expect([large.status, large.text]).to.deep.equal([413, 'this server takes bodies of up to 1048576 bytes']);

    const report = (kind: 'calendar-query' | 'calendar-multiget', inside: string) =>
      `<?xml version="1.0"?><C:${kind} xmlns:D="DAV:" xmlns:C="${CALDAV}">${inside}</C:${kind}>`;
    const query = (inside: string) => report('calendar-query', inside);
    const multiget = (inside: string) => report('calendar-multiget', inside);
    const refusals: [string, string, string, string][] = [
      ['REPORT', 'not XML', 'a REPORT needs an XML body and a Depth of 0, 1 or infinity', '1'],
      [
        'PROPFIND',
        '<D:allprops xmlns:D="DAV:"/>',
        'a PROPFIND takes a DAV:propfind body (or none) and a Depth of 0, 1 or infinity',
        '0',
      ],
      ['PROPFIND', '<D:propfind xmlns:D="DAV:"/>', 'a DAV:propfind holds prop, allprop or propname', '0'],
      [
        'REPORT',
        query('<C:filter><C:comp-filter name="VCALENDAR"/></C:filter>'),
        'a calendar-query names the properties to answer: DAV:prop',
        '1',
      ],
      [
        'REPORT',
        multiget(`<D:href>${TASKS}plumber.ics</D:href>`),
        'a calendar-multiget names the properties to answer: DAV:prop',
        '1',
      ],
    ];
    for (const [method, body, said, depth] of refusals) {
      expect(await ask(method, TASKS, body, { ...XML, depth }), body).to.deep.include({ status: 400, text: said });
    }
    const notCalendar = await ask(
      'REPORT',
      TASKS,
      query('<D:prop><D:getetag/></D:prop><C:filter><C:comp-filter name="VTODO"/></C:filter>'),
      { ...XML, depth: '1' },
    );
    expect(notCalendar.status).to.equal(403);
    expect(notCalendar.text).to.include('<C:valid-filter/>');
    const odd = await ask(
      'REPORT',
      TASKS,
      multiget('<D:prop><D:getetag/></D:prop><D:href>http://[bad</D:href><D:href>/caldav/user/calendars/</D:href>'),
      { ...XML, depth: '1' },
    );
    expect(responsesOf(odd.text).map((response) => response.found.size)).to.deep.equal([0, 0]);
    expect(odd.text.match(/HTTP\/1\.1 404/g)).to.have.length(2);
  });

  it('answers a calendar-query for tasks without an alarm (is-not-defined), leaving out the one with one', async () => {
    const alarm = [
      'SUMMARY:Call back',
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'DESCRIPTION:Call',
      'TRIGGER:-PT5M',
      'END:VALARM',
    ];
    expect((await ask('PUT', `${TASKS}alarm.ics`, task('alarm', alarm), ICS)).status).to.equal(201);
    const hrefs = async (query: string) =>
      responsesOf((await ask('REPORT', TASKS, query, { ...XML, depth: '1' })).text).map((response) => response.href);
    const all = await hrefs(TASK_QUERY);
    const without = await hrefs(
      TASK_QUERY.replace(
        '<C:comp-filter name="VTODO"/>',
        '<C:comp-filter name="VTODO"><C:comp-filter name="VALARM"><C:is-not-defined/></C:comp-filter></C:comp-filter>',
      ),
    );
    expect(all).to.include(`${TASKS}alarm.ics`);
    expect(without).to.deep.equal(all.filter((href) => href !== `${TASKS}alarm.ics`));
  });

  it('takes any user name and password, or none, and asks for none', async () => {
    const basic = (login: string) => ({ authorization: `Basic ${Buffer.from(login).toString('base64')}`, depth: '1' });
    const answers = await Promise.all(
      [{ depth: '1' }, basic('anna:secret'), basic('bob:'), { authorization: 'Bearer whatever', depth: '1' }].map(
        async (headers) => {
          const answer = await ask('REPORT', TASKS, TASK_QUERY, { ...XML, ...headers });
          return {
            status: answer.status,
            tasks: responsesOf(answer.text).length,
            asks: answer.headers.has('www-authenticate'),
          };
        },
      ),
    );
    expect(answers).to.deep.equal(new Array(4).fill({ status: 207, tasks: 4, asks: false }));
  });
});
