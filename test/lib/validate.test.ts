/**
 * Every rule of src/lib/validate.ts and src/lib/images.ts as pure functions:
 * what is accepted and in which shape it goes on, and what is refused with a
 * validation error naming the field and the rule. No network.
 */
import { expect } from 'chai';
import * as validate from '../../dist/lib/values';
import * as images from '../../dist/lib/images';
import { imagesOfEveryFormat, bmpImage, pngOfSize, type ImageOfFormat } from '../fixtures/images';
import { fromFunctionNode } from '../fixtures/messages';
import { expectInvalid } from '../support/expectations';

const EMOJI = '\u{1F600}';
const TWO_MB = 2 * 1024 * 1024;

describe('validate', () => {
  it('has the limits of the specification', () => {
    expect(validate.LIMITS).to.include({
      text: 5000,
      structuredTitle: 200,
      structuredBody: 5000,
      fontSizeMin: 12,
      fontSizeMax: 48,
      fontSizeDefault: 20,
      imagesPerPush: 5,
      imageBytes: TWO_MB,
    });
  });

  describe('characterCount', () => {
    const cases: [string, number][] = [
      ['', 0],
      ['abc', 3],
      [EMOJI, 1],
      [`a${EMOJI}b`, 3],
      [EMOJI.repeat(5), 5],
      ['\u4f60\u597d', 2],
      ['line\nbreak', 10],
      ['\uD83D', 1],
      ['\uD83Dx', 2],
      ['\uDE00\uD83D', 2],
    ];
    for (const [text, count] of cases) {
      it(`counts ${JSON.stringify(text)} as ${count}`, () => {
        expect(validate.characterCount(text)).to.equal(count);
      });
    }
  });

  describe('deviceId', () => {
    const accepted = [
      ['AA:BB:CC:DD:EE:FF', 'AA:BB:CC:DD:EE:FF'],
      ['aa:bb:cc:dd:ee:ff', 'AA:BB:CC:DD:EE:FF'],
      ['aa-bb-cc-dd-ee-0f', 'AA:BB:CC:DD:EE:0F'],
      ['AA-BB-CC-DD-EE-01', 'AA:BB:CC:DD:EE:01'],
      ['aabbccddee01', 'AA:BB:CC:DD:EE:01'],
      ['  aa:bb:cc:dd:ee:01\n', 'AA:BB:CC:DD:EE:01'],
    ];
    for (const [given, sent] of accepted) {
      it(`sends ${JSON.stringify(given)} as ${sent}`, () => {
        expect(validate.deviceId(given)).to.equal(sent);
      });
    }

    const refused = [
      'AA:BB:CC:DD:EE',
      'AA:BB:CC:DD:EE:FF:00',
      'AA:BB-CC:DD:EE:FF',
      'AA.BB.CC.DD.EE.FF',
      'GG:BB:CC:DD:EE:FF',
      'A:BB:CC:DD:EE:FF',
      '',
      'Kitchen',
      42,
      null,
      undefined,
      {},
    ];
    for (const value of refused) {
      it(`refuses ${JSON.stringify(value) ?? 'undefined'}`, () => {
        expectInvalid(
          () => validate.deviceId(value),
          'deviceId',
          /deviceId: must be a MAC address of six hex pairs, e\.g\. AA:BB:CC:DD:EE:FF/,
        );
      });
    }

    it('names the field it is given', () => {
      expectInvalid(() => validate.deviceId('x', 'filter.deviceId'), 'filter.deviceId', /must be a MAC address/);
    });
  });

  describe('todoId', () => {
    for (const [given, sent] of [
      [1, 1],
      ['7', 7],
      [' 12 ', 12],
      [123456789012345, 123456789012345],
    ]) {
      it(`accepts ${JSON.stringify(given)} as ${sent}`, () => {
        expect(validate.todoId(given)).to.equal(sent);
      });
    }
    for (const value of [
      0,
      -1,
      1.5,
      '1.5',
      '1e3',
      'abc',
      '',
      '1234567890123456',
      2 ** 53,
      NaN,
      Infinity,
      true,
      null,
      undefined,
      [1],
    ]) {
      it(`refuses ${String(value)} (${typeof value})`, () => {
        expectInvalid(() => validate.todoId(value), 'todoId', /todoId: must be a positive whole number/);
      });
    }
  });

  describe('pageId', () => {
    for (const page of [1, 2, 3, 4, 5]) {
      it(`sends ${page} and "${page}" as "${page}"`, () => {
        expect(validate.pageId(page)).to.equal(String(page));
        expect(validate.pageId(String(page))).to.equal(String(page));
      });
    }
    for (const value of [0, 6, -1, '0', '6', 1.5, 'all', '', null, undefined]) {
      it(`refuses ${JSON.stringify(value) ?? 'undefined'}`, () => {
        expectInvalid(() => validate.pageId(value), 'pageId', /pageId: must be a page number from 1 to 5/);
      });
    }
  });

  describe('syncInterval', () => {
    for (const minutes of [0, 10, 30, 60, 180, 720]) {
      it(`accepts ${minutes} and "${minutes}"`, () => {
        expect(validate.syncInterval(minutes)).to.equal(minutes);
        expect(validate.syncInterval(String(minutes))).to.equal(minutes);
      });
    }
    for (const value of [5, 15, 20, 1440, -10, 10.5, '', 'off', null, undefined]) {
      it(`refuses ${JSON.stringify(value) ?? 'undefined'}`, () => {
        expectInvalid(
          () => validate.syncInterval(value),
          'syncInterval',
          /syncInterval: must be one of 0, 10, 30, 60, 180, 720 \(minutes\)/,
        );
      });
    }
  });

  describe('fontSize', () => {
    for (const [given, sent] of [
      [12, 12],
      [48, 48],
      ['20', 20],
    ]) {
      it(`accepts ${JSON.stringify(given)}`, () => {
        expect(validate.fontSize(given)).to.equal(sent);
      });
    }
    for (const value of [11, 49, 0, 20.5, 'big', '', null, undefined]) {
      it(`refuses ${JSON.stringify(value) ?? 'undefined'}`, () => {
        expectInvalid(() => validate.fontSize(value), 'fontSize', /fontSize: must be a whole number from 12 to 48/);
      });
    }
  });

  describe('boolean', () => {
    it('accepts true, false and their strings', () => {
      expect(validate.boolean(true, 'dither')).to.equal(true);
      expect(validate.boolean('true', 'dither')).to.equal(true);
      expect(validate.boolean(false, 'dither')).to.equal(false);
      expect(validate.boolean('false', 'dither')).to.equal(false);
    });
    for (const value of ['yes', 'no', 1, 0, '', null, undefined]) {
      it(`refuses ${JSON.stringify(value) ?? 'undefined'}`, () => {
        expectInvalid(() => validate.boolean(value, 'dither'), 'dither', /dither: must be true or false/);
      });
    }
  });

  describe('text', () => {
    it('returns a text within the limit as it is, line breaks included', () => {
      expect(validate.text('a\nb', 'text', 5000)).to.equal('a\nb');
    });
    it('accepts exactly the limit and refuses one more', () => {
      expect(validate.text('a'.repeat(5000), 'text', 5000)).to.have.length(5000);
      expectInvalid(
        () => validate.text('a'.repeat(5001), 'text', 5000),
        'text',
        /text: must be at most 5000 characters \(got a string of 5001 characters\)/,
      );
    });
    it('counts an emoji as one character', () => {
      expect(validate.text(EMOJI.repeat(5000), 'text', 5000)).to.have.length(10000);
      expectInvalid(() => validate.text(EMOJI.repeat(5001), 'text', 5000), 'text', /must be at most 5000 characters/);
      expect(validate.text(EMOJI.repeat(200), 'title', 200)).to.have.length(400);
      expectInvalid(
        () => validate.text(EMOJI.repeat(201), 'title', 200),
        'title',
        /title: must be at most 200 characters/,
      );
    });
    it('refuses an empty text unless it is allowed', () => {
      expectInvalid(() => validate.text('', 'text', 10), 'text', /text: must not be empty/);
      expectInvalid(() => validate.text(' \n\t ', 'text', 10), 'text', /text: must not be empty or blank/);
      expect(validate.text(' ', 'description', 10, { allowEmpty: true })).to.equal(' ');
      expect(validate.text('', 'description', 10, { allowEmpty: true })).to.equal('');
    });
    for (const value of [42, null, undefined, {}, ['a']]) {
      it(`refuses ${JSON.stringify(value) ?? 'undefined'}`, () => {
        expectInvalid(() => validate.text(value, 'body', 10), 'body', /body: must be a string/);
      });
    }
  });

  describe('structuredText', () => {
    it('sends what holds text: both, the title alone, or the body alone beside a blank or missing other', () => {
      expect(validate.structuredText('T', 'B')).to.deep.equal({ title: 'T', body: 'B' });
      expect(validate.structuredText('T', undefined)).to.deep.equal({ title: 'T' });
      expect(validate.structuredText('T', ' \n\t')).to.deep.equal({ title: 'T' });
      expect(validate.structuredText('', 'B')).to.deep.equal({ body: 'B' });
      expect(validate.structuredText('   ', 'B')).to.deep.equal({ body: 'B' });
    });

    it('refuses both blank or missing, and a title or body that is no string or too long', () => {
      for (const [title, body] of [
        [undefined, undefined],
        ['', ''],
        [' ', '\n'],
      ]) {
        expectInvalid(() => validate.structuredText(title, body), 'title', /^title: or body is required: at least one/);
      }
      expectInvalid(() => validate.structuredText(5, 'B'), 'title', /title: must be a string/);
      expectInvalid(() => validate.structuredText('T', 'b'.repeat(5001)), 'body', /at most 5000 characters/);
    });
  });

  describe('dueDate', () => {
    for (const date of ['2026-12-24', '2024-02-29', '2026-01-31', '2026-04-30', '0001-01-01']) {
      it(`accepts ${date}`, () => {
        expect(validate.dueDate(date)).to.equal(date);
      });
    }
    for (const value of [
      '2026-02-30',
      '2026-02-29',
      '2100-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '2026-01-32',
      '2026-1-1',
      '26-01-01',
      '2026/01/01',
      '2026-01-01T10:00',
      ' 2026-01-01',
      20260101,
      null,
    ]) {
      it(`refuses ${JSON.stringify(value)}`, () => {
        expectInvalid(
          () => validate.dueDate(value),
          'dueDate',
          /dueDate: must be a date written yyyy-MM-dd that exists, e\.g\. 2026-12-24/,
        );
      });
    }
  });

  describe('dueTime', () => {
    for (const time of ['00:00', '23:59', '09:05', '12:30']) {
      it(`accepts ${time}`, () => {
        expect(validate.dueTime(time)).to.equal(time);
      });
    }
    for (const value of ['24:00', '23:60', '9:05', '09:5', '09:05:00', '0905', '', 905, null]) {
      it(`refuses ${JSON.stringify(value)}`, () => {
        expectInvalid(
          () => validate.dueTime(value),
          'dueTime',
          /dueTime: must be a time written HH:mm \(00:00 to 23:59\)/,
        );
      });
    }
  });

  describe('priority', () => {
    const accepted = [
      ['normal', 0],
      ['important', 1],
      ['urgent', 2],
      [' Urgent ', 2],
      ['IMPORTANT', 1],
      [0, 0],
      [1, 1],
      [2, 2],
      ['0', 0],
      ['2', 2],
    ];
    for (const [given, sent] of accepted) {
      it(`sends ${JSON.stringify(given)} as ${sent}`, () => {
        expect(validate.priority(given)).to.equal(sent);
      });
    }
    for (const value of [3, -1, 1.5, 'high', 'low', '', true, null, undefined]) {
      it(`refuses ${JSON.stringify(value) ?? 'undefined'}`, () => {
        expectInvalid(
          () => validate.priority(value),
          'priority',
          /priority: must be 0, 1, 2 or "normal", "important", "urgent"/,
        );
      });
    }
  });

  describe('repeatType', () => {
    for (const type of ['none', 'daily', 'weekly', 'monthly', 'yearly']) {
      it(`accepts ${type}`, () => {
        expect(validate.repeatType(type)).to.equal(type);
      });
    }
    it('writes a name in capitals or with spaces as the service spells it', () => {
      expect(validate.repeatType(' Weekly ')).to.equal('weekly');
    });
    for (const value of ['hourly', 'week', '', 1, null]) {
      it(`refuses ${JSON.stringify(value)}`, () => {
        expectInvalid(
          () => validate.repeatType(value),
          'repeatType',
          /repeatType: must be one of none, daily, weekly, monthly, yearly/,
        );
      });
    }
  });

  describe('integerInRange', () => {
    it('accepts both bounds and numeric strings', () => {
      expect(validate.integerInRange(0, 'repeatWeekday', 0, 6)).to.equal(0);
      expect(validate.integerInRange('6', 'repeatWeekday', 0, 6)).to.equal(6);
    });
    for (const value of [-1, 7, 2.5, 'x', null]) {
      it(`refuses ${JSON.stringify(value)} outside 0..6`, () => {
        expectInvalid(
          () => validate.integerInRange(value, 'repeatWeekday', 0, 6),
          'repeatWeekday',
          /repeatWeekday: must be a whole number from 0 to 6/,
        );
      });
    }
  });

  describe('todoStatus', () => {
    const accepted = [
      [0, 0],
      [1, 1],
      ['0', 0],
      ['1', 1],
      ['pending', 0],
      ['completed', 1],
    ];
    for (const [given, sent] of accepted) {
      it(`sends ${JSON.stringify(given)} as ${sent}`, () => {
        expect(validate.todoStatus(given)).to.equal(sent);
      });
    }
    for (const value of [2, -1, 'done', 'all', 'Pending', true, null]) {
      it(`refuses ${JSON.stringify(value)}`, () => {
        expectInvalid(() => validate.todoStatus(value), 'status', /status: must be 0 or "pending", 1 or "completed"/);
      });
    }
  });

  describe('dueDateAndTime', () => {
    const local = (moment: Date): { dueDate: string; dueTime: string } => {
      const pad = (n: number): string => String(n).padStart(2, '0');
      return {
        dueDate: `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`,
        dueTime: `${pad(moment.getHours())}:${pad(moment.getMinutes())}`,
      };
    };
    const instant = new Date(Date.UTC(2026, 11, 31, 23, 45, 30));

    it('splits a Date in the host time zone', () => {
      expect(validate.dueDateAndTime(instant)).to.deep.equal(local(instant));
    });
    it('splits a Date of another realm (a function node built it)', () => {
      expect(validate.dueDateAndTime(fromFunctionNode('new Date(Date.UTC(2026, 11, 31, 23, 45, 30))'))).to.deep.equal(
        local(instant),
      );
    });
    it('refuses an object that only calls itself a Date', () => {
      const fake = { [Symbol.toStringTag]: 'Date', getTime: () => 0 };
      expectInvalid(() => validate.dueDateAndTime(fake), 'due', /due: must be a Date or an ISO 8601 date-time/);
    });
    it('splits an ISO string with an offset in the host time zone', () => {
      expect(validate.dueDateAndTime('2026-12-31T23:45:30Z')).to.deep.equal(local(instant));
      expect(validate.dueDateAndTime('2027-01-01T07:45+08:00')).to.deep.equal(local(instant));
    });
    it('takes an ISO string without an offset as local time', () => {
      expect(validate.dueDateAndTime('2026-06-01T07:05')).to.deep.equal({ dueDate: '2026-06-01', dueTime: '07:05' });
    });
    it('gives a date alone without a time', () => {
      expect(validate.dueDateAndTime('2026-06-01')).to.deep.equal({ dueDate: '2026-06-01' });
    });
    it('refuses a day that does not exist, in a date alone and in a date-time', () => {
      expectInvalid(
        () => validate.dueDateAndTime('2026-02-30'),
        'due',
        /due: must be a date written yyyy-MM-dd that exists/,
      );
      expectInvalid(
        () => validate.dueDateAndTime('2026-02-30T10:00'),
        'due',
        /due: must be a date written yyyy-MM-dd that exists/,
      );
      expectInvalid(
        () => validate.dueDateAndTime('2026-04-31T00:00Z'),
        'due',
        /due: must be a date written yyyy-MM-dd that exists/,
      );
    });
    for (const value of [
      '2026-01-01T24:00',
      '2026-01-01T10:60',
      '2026-01-01 10:00',
      'tomorrow',
      '',
      new Date('nonsense'),
      1767225600000,
      null,
    ]) {
      it(`refuses ${value instanceof Date ? 'an invalid Date' : JSON.stringify(value)}`, () => {
        expectInvalid(
          () => validate.dueDateAndTime(value),
          'due',
          /due: must be a Date or an ISO 8601 date-time such as 2026-12-24T18:30/,
        );
      });
    }
  });

  describe('plainObject', () => {
    const allowed = ['title', 'body'];
    it('returns a plain object with allowed keys, also one without a prototype', () => {
      const value = { title: 't' };
      expect(validate.plainObject(value, 'payload', allowed)).to.equal(value);
      const bare: object = Object.assign(Object.create(null) as object, { body: 'b' });
      expect(validate.plainObject(bare, 'payload', allowed)).to.equal(bare);
    });
    it('accepts an object a function node built (another realm)', () => {
      const value = fromFunctionNode('{ title: "t" }');
      expect(Object.getPrototypeOf(value)).not.to.equal(Object.prototype);
      expect(validate.plainObject(value, 'payload', allowed)).to.equal(value);
    });
    const notPlain: [string, unknown][] = [
      ['an array', []],
      ['null', null],
      ['a string', 't'],
      ['a Date', new Date()],
      ['a Map', new Map()],
      ['a class instance', new (class Thing {})()],
      ['a Date of another realm', fromFunctionNode('new Date()')],
      ['an array of another realm', fromFunctionNode('[1]')],
      ['a class instance of another realm', fromFunctionNode('new (class Thing {})()')],
    ];
    for (const [what, value] of notPlain) {
      it(`refuses ${what}`, () => {
        expectInvalid(() => validate.plainObject(value, 'payload', allowed), 'payload', /payload: must be an object/);
      });
    }
    it('names an unknown key and lists the known ones', () => {
      expectInvalid(
        () => validate.plainObject({ title: 't', text: 'x' }, 'payload', allowed),
        'payload.text',
        /payload\.text: is not a known field; use title, body/,
      );
    });
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      it(`refuses the key ${key}`, () => {
        const value = JSON.parse(`{"title":"t","${key}":{"polluted":true}}`) as unknown;
        expectInvalid(
          () => validate.plainObject(value, 'payload', allowed),
          `payload.${key}`,
          /is not allowed \(a prototype-polluting key\)/,
        );
        expect(({} as { polluted?: unknown }).polluted).to.equal(undefined);
      });
    }
  });

  describe('todoCreate', () => {
    it('gives the body of POST /todos: names to numbers, MAC normalised, due split', () => {
      const body = validate.todoCreate({
        title: 'Buy milk',
        description: '',
        due: '2026-12-24T18:30',
        repeatType: 'Yearly',
        repeatMonth: '12',
        repeatDay: 24,
        priority: 'urgent',
        deviceId: 'aa-bb-cc-dd-ee-01',
      });
      expect(body).to.deep.equal({
        title: 'Buy milk',
        description: '',
        dueDate: '2026-12-24',
        dueTime: '18:30',
        repeatType: 'yearly',
        repeatMonth: 12,
        repeatDay: 24,
        priority: 2,
        deviceId: 'AA:BB:CC:DD:EE:01',
      });
    });
    it('takes fields a function node built (another realm)', () => {
      expect(validate.todoCreate(fromFunctionNode('{ title: "t", priority: "important" }'))).to.deep.equal({
        title: 't',
        priority: 1,
      });
    });
    it('keeps an empty deviceId (a personal to-do) and leaves out fields given as undefined', () => {
      expect(validate.todoCreate({ title: 't', deviceId: '', description: undefined })).to.deep.equal({
        title: 't',
        deviceId: '',
      });
    });
    it('sets no length on a title or a description: a 12,000-character title, a description of almost 1 MB', () => {
      const title = 'Long title, '.repeat(1000);
      expect(validate.todoCreate({ title }).title).to.have.length(12_000);
      // The body {"title":"…","description":"…"} of exactly 1 MB goes; one byte more does not.
      const description = 'x'.repeat(1024 * 1024 - JSON.stringify({ title, description: '' }).length);
      expect(validate.todoUpdate({ title, description })).to.deep.equal({ title, description });
      expectInvalid(
        () => validate.todoUpdate({ title, description: `${description}x` }),
        'payload',
        /^payload: makes a request body of 1048577 bytes of JSON; at most 1048576 bytes \(1 MB\) go in one request$/,
      );
    });
    it('accepts each repeat field with its type', () => {
      expect(validate.todoCreate({ title: 't', repeatType: 'weekly', repeatWeekday: 0 })).to.include({
        repeatWeekday: 0,
      });
      expect(validate.todoCreate({ title: 't', repeatType: 'monthly', repeatDay: 31 })).to.include({ repeatDay: 31 });
      expect(validate.todoCreate({ title: 't', repeatType: 'yearly', repeatMonth: 2, repeatDay: 29 })).to.include({
        repeatDay: 29,
      });
    });

    const refused: [string, unknown, string, RegExp][] = [
      ['no title', { description: 'd' }, 'title', /title: is required to create a to-do/],
      ['an empty title', { title: '' }, 'title', /title: must not be empty/],
      ['a blank title', { title: '   ' }, 'title', /title: must not be empty or blank/],
      [
        'a body over 1 MB of JSON (counted in UTF-8 bytes), naming its size',
        { title: 't', description: '\u00e9'.repeat(600_000) },
        'payload',
        // {"title":"t","description":"…"}: 30 bytes around 600,000 characters of two bytes each.
        /^payload: makes a request body of 1200030 bytes of JSON; at most 1048576 bytes \(1 MB\) go in one request$/,
      ],
      ['an unknown key', { title: 't', colour: 'red' }, 'payload.colour', /payload\.colour: is not a known field/],
      ['a status', { title: 't', status: 1 }, 'payload.status', /is not a known field/],
      ['an id', { title: 't', id: 3 }, 'payload.id', /is not a known field/],
      [
        'due with dueDate',
        { title: 't', due: '2026-01-01', dueDate: '2026-01-01' },
        'due',
        /due: give either due or dueDate\/dueTime, not both/,
      ],
      [
        'due with dueTime',
        { title: 't', due: '2026-01-01', dueTime: '10:00' },
        'due',
        /due: give either due or dueDate\/dueTime, not both/,
      ],
      [
        'a weekday without a repeat type',
        { title: 't', repeatWeekday: 1 },
        'repeatWeekday',
        /repeatWeekday: goes with repeatType weekly, not none/,
      ],
      [
        'a day with repeat type none',
        { title: 't', repeatType: 'none', repeatDay: 1 },
        'repeatDay',
        /repeatDay: goes with repeatType monthly or yearly, not none/,
      ],
      [
        'a month with a daily repeat',
        { title: 't', repeatType: 'daily', repeatMonth: 1 },
        'repeatMonth',
        /repeatMonth: goes with repeatType yearly, not daily/,
      ],
      [
        'a weekday with a yearly repeat',
        { title: 't', repeatType: 'yearly', repeatWeekday: 1 },
        'repeatWeekday',
        /repeatWeekday: goes with repeatType weekly, not yearly/,
      ],
      [
        'a day with a weekly repeat',
        { title: 't', repeatType: 'weekly', repeatDay: 3 },
        'repeatDay',
        /repeatDay: goes with repeatType monthly or yearly, not weekly/,
      ],
      [
        '30 February',
        { title: 't', repeatType: 'yearly', repeatMonth: 2, repeatDay: 30 },
        'repeatDay',
        /repeatDay: does not exist in month 2 \(got 30\)/,
      ],
      [
        '31 November',
        { title: 't', repeatType: 'yearly', repeatMonth: 11, repeatDay: 31 },
        'repeatDay',
        /repeatDay: does not exist in month 11/,
      ],
      ['weekday 7', { title: 't', repeatType: 'weekly', repeatWeekday: 7 }, 'repeatWeekday', /from 0 to 6/],
      ['month 13', { title: 't', repeatType: 'yearly', repeatMonth: 13 }, 'repeatMonth', /from 1 to 12/],
      ['day 32', { title: 't', repeatType: 'monthly', repeatDay: 32 }, 'repeatDay', /from 1 to 31/],
      ['a bad device', { title: 't', deviceId: 'kitchen' }, 'deviceId', /must be a MAC address/],
      ['not an object', 'Buy milk', 'payload', /payload: must be an object/],
    ];
    for (const [what, value, field, pattern] of refused) {
      it(`refuses ${what}`, () => {
        expectInvalid(() => validate.todoCreate(value), field, pattern);
      });
    }
  });

  describe('todoUpdate', () => {
    it('gives the fields to change, without the id', () => {
      expect(
        validate.todoUpdate({ id: 4, title: 'New', priority: 'normal', dueDate: '2026-05-05', dueTime: '05:05' }),
      ).to.deep.equal({
        title: 'New',
        priority: 0,
        dueDate: '2026-05-05',
        dueTime: '05:05',
      });
    });
    it('accepts a repeat field alone (the to-do may already repeat that way)', () => {
      expect(validate.todoUpdate({ repeatWeekday: 2 })).to.deep.equal({ repeatWeekday: 2 });
    });
    const refused: [string, unknown, string, RegExp][] = [
      [
        'a status, pointing to the complete node',
        { status: 1 },
        'status',
        /status: cannot be changed by an update; use the device-cloud-todo-complete node/,
      ],
      [
        'a status of 0 among other fields',
        { title: 't', status: 0 },
        'status',
        /use the device-cloud-todo-complete node/,
      ],
      ['nothing to change', {}, 'payload', /payload: must hold at least one field to change/],
      ['only the id', { id: 1 }, 'payload', /payload: must hold at least one field to change/],
      ['an unknown key', { colour: 'red' }, 'payload.colour', /is not a known field/],
      ['a __proto__ key', JSON.parse('{"__proto__":{"x":1}}'), 'payload.__proto__', /is not allowed/],
      [
        'a repeat field with another type',
        { repeatType: 'daily', repeatDay: 3 },
        'repeatDay',
        /goes with repeatType monthly or yearly, not daily/,
      ],
      ['an array', [{ title: 't' }], 'payload', /payload: must be an object/],
    ];
    for (const [what, value, field, pattern] of refused) {
      it(`refuses ${what}`, () => {
        expectInvalid(() => validate.todoUpdate(value), field, pattern);
      });
    }
  });
});

describe('images', () => {
  let formats: ImageOfFormat[];
  before(async () => {
    formats = await imagesOfEveryFormat();
  });
  const bytesOf = (format: string): Buffer => {
    const image = formats.find((candidate) => candidate.format === format);
    if (!image) throw new Error(`no ${format} image among the fixtures`);
    return image.data;
  };

  it('knows the content type and file extension of every format', () => {
    expect(images.CONTENT_TYPES).to.deep.equal({
      png: 'image/png',
      jpeg: 'image/jpeg',
      gif: 'image/gif',
      bmp: 'image/bmp',
      webp: 'image/webp',
      tiff: 'image/tiff',
    });
    expect(images.FILE_EXTENSIONS).to.deep.equal({
      png: 'png',
      jpeg: 'jpg',
      gif: 'gif',
      bmp: 'bmp',
      webp: 'webp',
      tiff: 'tif',
    });
  });

  describe('detectImageFormat', () => {
    it('recognises PNG, JPEG, GIF, BMP, WebP and TIFF from their bytes', () => {
      for (const image of formats) expect(images.detectImageFormat(image.data), image.format).to.equal(image.format);
    });
    it('recognises TIFF in either byte order', () => {
      expect(images.detectImageFormat(Buffer.from('II*\u0000\u0008\u0000\u0000\u0000', 'latin1'))).to.equal('tiff');
      expect(images.detectImageFormat(Buffer.from('MM\u0000*\u0000\u0000\u0000\u0008', 'latin1'))).to.equal('tiff');
    });
    it('recognises GIF87a as well as GIF89a', () => {
      expect(images.detectImageFormat(Buffer.from('GIF87a\u0001\u0000\u0001\u0000', 'latin1'))).to.equal('gif');
    });
    const unknown: [string, Buffer][] = [
      ['no bytes', Buffer.alloc(0)],
      ['a PNG signature cut short', Buffer.from([0x89, 0x50, 0x4e, 0x47])],
      ['"GIF8" without its version', Buffer.from('GIF8', 'latin1')],
      ['GIF with an unknown version', Buffer.from('GIF88a', 'latin1')],
      ['"BM" too short for a BMP header', Buffer.from('BM0123456789', 'latin1')],
      ['a RIFF file that is WAVE', Buffer.from('RIFF\u0000\u0000\u0000\u0000WAVEfmt ', 'latin1')],
      ['text', Buffer.from('hello, world')],
      ['a PDF', Buffer.from('%PDF-1.7\n')],
    ];
    for (const [what, bytes] of unknown) {
      it(`does not recognise ${what}`, () => {
        expect(images.detectImageFormat(bytes)).to.equal(undefined);
      });
    }
  });

  describe('imageFile', () => {
    it('takes a Buffer as it is', () => {
      const png = formats[0].data;
      const file = images.imageFile(png, 'payload');
      expect(file.format).to.equal('png');
      expect(file.data).to.equal(png);
    });
    it('takes a Uint8Array', () => {
      const bmp = bmpImage();
      const view = new Uint8Array(bmp.buffer, bmp.byteOffset, bmp.byteLength);
      const file = images.imageFile(view, 'payload');
      expect(file.format).to.equal('bmp');
      expect(Buffer.isBuffer(file.data)).to.equal(true);
      expect(file.data.equals(bmp)).to.equal(true);
    });
    it('takes a Uint8Array of another realm (a function node built it)', () => {
      const png = formats[0].data;
      const view = fromFunctionNode('new Uint8Array(bytes)', { bytes: [...png] });
      expect(images.imageFile(view, 'payload').data.equals(png)).to.equal(true);
    });
    it('decodes a data URL, with or without parameters, and names the format from the bytes', () => {
      for (const image of formats) {
        const file = images.imageFile(`data:image/png;base64,${image.data.toString('base64')}`, 'payload');
        expect(file.format).to.equal(image.format);
        expect(file.data.equals(image.data)).to.equal(true);
      }
      const withName = images.imageFile(
        `data:image/png;name=a.png;base64,${formats[0].data.toString('base64')}`,
        'payload',
      );
      expect(withName.data.equals(formats[0].data)).to.equal(true);
    });
    it('decodes plain base64, with line breaks and without padding', () => {
      const gif = bytesOf('gif');
      const encoded = gif.toString('base64');
      expect(images.imageFile(encoded, 'payload').data.equals(gif)).to.equal(true);
      expect(images.imageFile(encoded.replace(/.{10}/g, '$&\n'), 'payload').data.equals(gif)).to.equal(true);
      expect(images.imageFile(encoded.replace(/=+$/, ''), 'payload').data.equals(gif)).to.equal(true);
    });
    it('accepts exactly 2 MB and refuses one byte more', () => {
      expect(images.imageFile(pngOfSize(TWO_MB), 'payload').data).to.have.length(TWO_MB);
      expectInvalid(
        () => images.imageFile(pngOfSize(TWO_MB + 1), 'payload'),
        'payload',
        /payload: is larger than 2097152 bytes \(2 MB\) \(got a Buffer of 2097153 bytes\)/,
      );
    });
    it('refuses base64 over 2 MB before decoding it', () => {
      expect(images.imageFile(pngOfSize(TWO_MB).toString('base64'), 'payload').data).to.have.length(TWO_MB);
      const tooLong = 'A'.repeat(Math.ceil((TWO_MB * 4) / 3) + 100);
      expectInvalid(
        () => images.imageFile(tooLong, 'payload'),
        'payload',
        /payload: is larger than 2097152 bytes \(2 MB\)/,
      );
    });
    const refused: [string, unknown, RegExp][] = [
      ['an empty Buffer', Buffer.alloc(0), /payload: is empty/],
      [
        'a Buffer that is no image',
        Buffer.from('hello, world'),
        /payload: is not a PNG, JPEG, GIF, BMP, WebP or TIFF image/,
      ],
      [
        'base64 of text',
        Buffer.from('hello, world').toString('base64'),
        /payload: is not a PNG, JPEG, GIF, BMP, WebP or TIFF image/,
      ],
      ['text that is not base64', 'not an image!', /payload: must be a Buffer, a data URL or a base64 string/],
      ['base64url', '-_-_', /payload: must be a Buffer, a data URL or a base64 string/],
      ['an empty string', '', /payload: must be a Buffer, a data URL or a base64 string/],
      [
        'a data URL without base64',
        'data:image/png,%89PNG',
        /payload: must be a Buffer, a data URL or a base64 string/,
      ],
      [
        'a data URL with nothing after the comma',
        'data:image/png;base64,',
        /payload: must be a Buffer, a data URL or a base64 string/,
      ],
      ['a number', 42, /payload: must be a Buffer, a data URL or a base64 string \(got 42\)/],
      ['an object', { data: 'x' }, /payload: must be a Buffer, a data URL or a base64 string \(got an object\)/],
      ['null', null, /payload: must be a Buffer, a data URL or a base64 string \(got null\)/],
      ['nothing', undefined, /payload: must be a Buffer, a data URL or a base64 string \(got nothing\)/],
    ];
    for (const [what, value, pattern] of refused) {
      it(`refuses ${what}`, () => {
        expectInvalid(() => images.imageFile(value, 'payload'), 'payload', pattern);
      });
    }
  });

  describe('imageFiles', () => {
    it('takes one image as a list of one, naming it by the field', () => {
      const files = images.imageFiles(formats[0].data);
      expect(files.map(({ image, field }) => [image.format, field])).to.deep.equal([['png', 'payload']]);
    });
    it('takes 1 to 5 images in order, each named by its place', () => {
      const files = images.imageFiles(
        formats.slice(1).map((image) => image.data),
        'payload',
      );
      expect(files.map(({ image, field }) => [image.format, field])).to.deep.equal([
        ['jpeg', 'payload[0]'],
        ['gif', 'payload[1]'],
        ['bmp', 'payload[2]'],
        ['webp', 'payload[3]'],
        ['tiff', 'payload[4]'],
      ]);
    });
    it('refuses no images and more than five', () => {
      expectInvalid(
        () => images.imageFiles([], 'payload'),
        'payload',
        /payload: must hold 1 to 5 images \(got an array of 0\)/,
      );
      const six = formats.map((image) => image.data);
      expectInvalid(
        () => images.imageFiles(six, 'payload'),
        'payload',
        /payload: must hold 1 to 5 images \(got an array of 6\)/,
      );
    });
    it('names the position of a refused image', () => {
      const list = [formats[0].data, formats[1].data, Buffer.from('text')];
      expectInvalid(
        () => images.imageFiles(list, 'payload'),
        'payload[2]',
        /payload\[2\]: is not a PNG, JPEG, GIF, BMP, WebP or TIFF image/,
      );
      expectInvalid(
        () => images.imageFiles([formats[0].data, pngOfSize(TWO_MB + 1)], 'images'),
        'images[1]',
        /images\[1\]: is larger than 2097152 bytes/,
      );
    });
  });
});
