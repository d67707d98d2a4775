// A picture given as base64 text: the usual (padded, unbroken) form is checked
// without a regular expression over its megabytes, and anything else still
// gets the full check, so a flaw anywhere in the text is refused, not sent.

import { expect } from 'chai';
import * as images from '../../dist/lib/images';
import { DeviceCloudError } from '../../dist/lib/errors';

const TWO_MB = 2 * 1024 * 1024;
const NOT_BASE64 = /^payload: must be a Buffer, a data URL or a base64 string/;

/** A PNG-signed picture of `size` bytes whose bytes all differ from one place to the next. */
function picture(size: number): Buffer {
  const data = Buffer.alloc(size);
  for (let i = 0; i < size; i++) data[i] = (i * 7919) % 251;
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(data);
  return data;
}

/** The text with one character put in its middle instead of the one there. */
function withMiddle(text: string, character: string): string {
  const middle = Math.floor(text.length / 2);
  return text.slice(0, middle) + character + text.slice(middle + 1);
}

function expectNotBase64(value: unknown): void {
  let thrown: unknown;
  try {
    images.decodeImageInput(value, 'payload');
  } catch (error) {
    thrown = error;
  }
  expect(thrown, 'refused').to.be.instanceOf(DeviceCloudError);
  expect((thrown as DeviceCloudError).field).to.equal('payload');
  expect((thrown as DeviceCloudError).message).to.match(NOT_BASE64);
}

describe('decodeImageInput: base64 text', () => {
  const bytes = picture(1024 * 1024 + 1);
  const encoded = bytes.toString('base64');

  it('decodes the usual form, as a data URL too', () => {
    expect(images.decodeImageInput(encoded, 'payload').equals(bytes)).to.equal(true);
    expect(images.decodeImageInput(`data:image/png;base64,${encoded}`, 'payload').equals(bytes)).to.equal(true);
  });

  it('decodes the same bytes from text broken into lines, or without padding', () => {
    expect(encoded.endsWith('=')).to.equal(true);
    expect(images.decodeImageInput(encoded.replace(/.{76}/g, '$&\r\n'), 'payload').equals(bytes)).to.equal(true);
    expect(images.decodeImageInput(encoded.replace(/=+$/, ''), 'payload').equals(bytes)).to.equal(true);
  });

  it('takes a picture of just under 2 MB broken into lines, though its text is longer than the limit allows unbroken', () => {
    const largest = picture(TWO_MB - 2);
    const wrapped = largest.toString('base64').replace(/.{76}/g, '$&\n');
    expect(wrapped.length).to.be.above(Math.ceil((TWO_MB * 4) / 3) + 4);
    expect(images.imageFile(wrapped, 'payload').data.equals(largest)).to.equal(true);
  });

  for (const [what, character] of [
    ['a character that is not base64', '!'],
    ['a base64url character', '_'],
    ['padding', '='],
    ['a letter beyond ASCII', 'é'],
  ]) {
    it(`refuses a megabyte of base64 with ${what} in its middle, naming the field`, () => {
      expectNotBase64(withMiddle(encoded, character));
    });
  }

  it('refuses the same flaw in text broken into lines', () => {
    expectNotBase64(withMiddle(encoded.replace(/.{76}/g, '$&\n'), '*'));
  });
});
