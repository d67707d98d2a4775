/**
 * src/lib/push-memory.ts as pure functions: the digest of a push's content and
 * the bounded memory of what each device's page last got. No network.
 */
import { expect } from 'chai';
import { PushMemory, digestOf, MOST_REMEMBERED_PAGES } from '../../dist/lib/push-memory';
import type { PageId } from '../../dist/lib';
import { pageId } from '../../dist/lib/values';
import { HALLWAY, KITCHEN } from '../fixtures/service';

/** The pages as the nodes parse them. */
const PAGE = { 1: pageId(1), 2: pageId(2), 3: pageId(3), 4: pageId(4), 5: pageId(5) };

describe('digestOf', function () {
  it('gives the same hex digest for the same content, every time', function () {
    const content = ['text', 'Good morning', 24];
    expect(digestOf(content)).to.match(/^[0-9a-f]{64}$/);
    expect(digestOf(['text', 'Good morning', 24])).to.equal(digestOf(content));
  });

  it('tells apart parts that concatenate to the same text', function () {
    expect(digestOf(['ab', 'c'])).to.not.equal(digestOf(['a', 'bc']));
    expect(digestOf(['abc'])).to.not.equal(digestOf(['a', 'bc']));
    expect(digestOf(['a1:b'])).to.not.equal(digestOf(['a', 'b']));
  });

  it('tells apart a Buffer and a string of the same bytes', function () {
    expect(digestOf([Buffer.from('abc')])).to.not.equal(digestOf(['abc']));
  });

  it('tells apart a number, a boolean, undefined and their texts', function () {
    const digests = [[24], ['24'], [true], ['true'], [undefined], [''], ['undefined']].map(digestOf);
    expect(new Set(digests).size).to.equal(digests.length);
  });

  it('tells apart images that differ in one byte, and the order of the images', function () {
    const first = Buffer.from([1, 2, 3, 4]);
    const second = Buffer.from([1, 2, 3, 5]);
    expect(digestOf(['image', true, first])).to.equal(digestOf(['image', true, Buffer.from([1, 2, 3, 4])]));
    expect(digestOf(['image', true, first])).to.not.equal(digestOf(['image', true, second]));
    expect(digestOf(['image', true, first, second])).to.not.equal(digestOf(['image', true, second, first]));
    expect(digestOf(['image', true, first])).to.not.equal(digestOf(['image', false, first]));
  });

  it('tells apart a missing part from no part at all', function () {
    expect(digestOf(['text', 'hi', undefined])).to.not.equal(digestOf(['text', 'hi']));
  });
});

describe('PushMemory', function () {
  const digest = (text: string): string => digestOf(['text', text]);

  it('knows nothing at first', function () {
    const memory = new PushMemory();
    expect(memory.size).to.equal(0);
    expect(memory.isUnchanged(KITCHEN, PAGE[1], digest('a'))).to.equal(false);
  });

  it('says unchanged for the digest last remembered for that device and page, and only for it', function () {
    const memory = new PushMemory();
    memory.remember(KITCHEN, PAGE[1], digest('a'));
    expect(memory.isUnchanged(KITCHEN, PAGE[1], digest('a'))).to.equal(true);
    expect(memory.isUnchanged(KITCHEN, PAGE[1], digest('b'))).to.equal(false);
    expect(memory.isUnchanged(KITCHEN, PAGE[2], digest('a')), 'another page').to.equal(false);
    expect(memory.isUnchanged(HALLWAY, PAGE[1], digest('a')), 'another device').to.equal(false);
  });

  it('keeps the last push of a page only', function () {
    const memory = new PushMemory();
    memory.remember(KITCHEN, PAGE[1], digest('a'));
    memory.remember(KITCHEN, PAGE[1], digest('b'));
    expect(memory.size).to.equal(1);
    expect(memory.isUnchanged(KITCHEN, PAGE[1], digest('a'))).to.equal(false);
    expect(memory.isUnchanged(KITCHEN, PAGE[1], digest('b'))).to.equal(true);
  });

  it('forgets one page of a device, keeping its other pages and the other devices', function () {
    const memory = new PushMemory();
    memory.remember(KITCHEN, PAGE[1], digest('a'));
    memory.remember(KITCHEN, PAGE[2], digest('a'));
    memory.remember(HALLWAY, PAGE[1], digest('a'));
    memory.forget(KITCHEN, PAGE[1]);
    expect(memory.size).to.equal(2);
    expect(memory.isUnchanged(KITCHEN, PAGE[1], digest('a'))).to.equal(false);
    expect(memory.isUnchanged(KITCHEN, PAGE[2], digest('a'))).to.equal(true);
    expect(memory.isUnchanged(HALLWAY, PAGE[1], digest('a'))).to.equal(true);
  });

  it('forgets all pages of a device, keeping the other devices', function () {
    const memory = new PushMemory();
    for (const page of ['1', '2', '5'] as PageId[]) memory.remember(KITCHEN, page, digest('a'));
    memory.remember(HALLWAY, PAGE[1], digest('a'));
    // A device id that starts with the other one's: forgetting one must not reach the other.
    memory.remember(`${KITCHEN}0`, PAGE[1], digest('a'));
    memory.forget(KITCHEN, 'all');
    expect(memory.size).to.equal(2);
    for (const page of ['1', '2', '5'] as PageId[])
      expect(memory.isUnchanged(KITCHEN, page, digest('a')), `page ${page}`).to.equal(false);
    expect(memory.isUnchanged(HALLWAY, PAGE[1], digest('a'))).to.equal(true);
    expect(memory.isUnchanged(`${KITCHEN}0`, PAGE[1], digest('a'))).to.equal(true);
  });

  it('forgetting what it does not know changes nothing', function () {
    const memory = new PushMemory();
    memory.remember(KITCHEN, PAGE[1], digest('a'));
    memory.forget(HALLWAY, PAGE[1]);
    memory.forget(HALLWAY, 'all');
    memory.forget(KITCHEN, PAGE[3]);
    expect(memory.size).to.equal(1);
    expect(memory.isUnchanged(KITCHEN, PAGE[1], digest('a'))).to.equal(true);
  });

  it('forgets everything on clear', function () {
    const memory = new PushMemory();
    memory.remember(KITCHEN, PAGE[1], digest('a'));
    memory.remember(HALLWAY, PAGE[2], digest('a'));
    memory.clear();
    expect(memory.size).to.equal(0);
    expect(memory.isUnchanged(KITCHEN, PAGE[1], digest('a'))).to.equal(false);
  });

  describe('bounded', function () {
    it('drops the page remembered longest ago beyond its size', function () {
      const memory = new PushMemory(3);
      for (const page of ['1', '2', '3', '4'] as PageId[]) memory.remember(KITCHEN, page, digest(page));
      expect(memory.size).to.equal(3);
      expect(memory.isUnchanged(KITCHEN, PAGE[1], digest('1')), 'the oldest').to.equal(false);
      for (const page of ['2', '3', '4'] as PageId[])
        expect(memory.isUnchanged(KITCHEN, page, digest(page)), `page ${page}`).to.equal(true);
    });

    it('counts a page found unchanged as used: the one used longest ago goes', function () {
      const memory = new PushMemory(3);
      for (const page of ['1', '2', '3'] as PageId[]) memory.remember(KITCHEN, page, digest(page));
      expect(memory.isUnchanged(KITCHEN, PAGE[1], digest('1'))).to.equal(true);
      memory.remember(KITCHEN, PAGE[4], digest('4'));
      expect(memory.size).to.equal(3);
      expect(memory.isUnchanged(KITCHEN, PAGE[2], digest('2')), 'used longest ago').to.equal(false);
      for (const page of ['1', '3', '4'] as PageId[])
        expect(memory.isUnchanged(KITCHEN, page, digest(page)), `page ${page}`).to.equal(true);
    });

    it('counts a page pushed again as used', function () {
      const memory = new PushMemory(2);
      memory.remember(KITCHEN, PAGE[1], digest('a'));
      memory.remember(KITCHEN, PAGE[2], digest('a'));
      memory.remember(KITCHEN, PAGE[1], digest('b'));
      memory.remember(KITCHEN, PAGE[3], digest('a'));
      expect(memory.isUnchanged(KITCHEN, PAGE[2], digest('a'))).to.equal(false);
      expect(memory.isUnchanged(KITCHEN, PAGE[1], digest('b'))).to.equal(true);
      expect(memory.isUnchanged(KITCHEN, PAGE[3], digest('a'))).to.equal(true);
    });

    it(`holds ${MOST_REMEMBERED_PAGES} pages by default`, function () {
      expect(MOST_REMEMBERED_PAGES).to.equal(1000);
      const memory = new PushMemory();
      const deviceOf = (index: number): string => `AA:BB:CC:DD:${String(Math.floor(index / 5)).padStart(4, '0')}`;
      const pageOf = (index: number): PageId => String((index % 5) + 1) as PageId;
      for (let index = 0; index <= MOST_REMEMBERED_PAGES; index += 1)
        memory.remember(deviceOf(index), pageOf(index), digest('a'));
      expect(memory.size).to.equal(MOST_REMEMBERED_PAGES);
      expect(memory.isUnchanged(deviceOf(0), pageOf(0), digest('a')), 'the first page').to.equal(false);
      expect(memory.isUnchanged(deviceOf(1), pageOf(1), digest('a')), 'the second page').to.equal(true);
      const last = MOST_REMEMBERED_PAGES;
      expect(memory.isUnchanged(deviceOf(last), pageOf(last), digest('a')), 'the last page').to.equal(true);
    });
  });
});
