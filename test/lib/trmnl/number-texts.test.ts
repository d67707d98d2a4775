// The texts a formatted number may be written as (TRMNL's `data-value-format`): whole in its locale, then from 1000
// up with B, M or k and 2, 1, 0 fraction digits, its sign and currency sign before the digits.

import { expect } from 'chai';
import { numberLocale, numberTexts } from '../../../src/lib/render/drawing-process/tree/number-texts';

describe('TRMNL number format: the texts of a number', () => {
  it('writes the whole number first, then the shorter forms of the first unit it reaches', () => {
    expect(numberTexts('1234567', 'en-US')).to.deep.equal(['1,234,567', '1.23M', '1.2M', '1M']);
    expect(numberTexts('12345', 'en-US')).to.deep.equal(['12,345', '12.35k', '12.3k', '12k']);
    expect(numberTexts('2500000000', 'en-US')).to.deep.equal(['2,500,000,000', '2.50B', '2.5B', '3B']);
  });

  it('keeps a number under 1000 whole, with no shorter form', () => {
    expect(numberTexts('999.5', 'en-US')).to.deep.equal(['999.5']);
  });

  it("reads and writes the locale's group and decimal signs", () => {
    expect(numberTexts('1.234.567,89', 'de-DE')).to.deep.equal(['1.234.567,89', '1,23M', '1,2M', '1M']);
  });

  it('keeps the minus and currency signs before the digits', () => {
    expect(numberTexts('-$1,234,567', 'en-US')).to.deep.equal(['-$1,234,567', '-$1.23M', '-$1.2M', '-$1M']);
    expect(numberTexts('€ 1500', 'en-US')).to.deep.equal(['€1,500', '€1.50k', '€1.5k', '€2k']);
  });

  it('gives nothing for a text that holds no number, and en-US where the locale is none', () => {
    expect(numberTexts('n/a', 'en-US')).to.equal(undefined);
    expect(numberLocale(undefined)).to.equal('en-US');
    expect(numberLocale('not a locale!')).to.equal('en-US');
    expect(numberLocale(' fr-FR ')).to.equal('fr-FR');
  });
});
