// The framework's utilities in our CSS: flex and grid, the spacing scale, text, dither patterns of grays, and the
// gates (`lg:`, `portrait:`, `1bit:`) resolved for the screen; classes the framework does not have are named.

import { expect } from 'chai';
import { generated, ruleFor, screenOf } from './framework-css';

/** The ink pixels of a 4 x 4 dither tile in a background's data URL. */
function inkPixels(background: string): number {
  return decodeURIComponent(background).match(/h1v1h-1z/g)?.length ?? 0;
}

describe('TRMNL framework: utilities', () => {
  it('reads alignment per direction: flex--left is a row main axis and a column cross axis', () => {
    const { parsed } = generated(['flex', 'flex--row', 'flex--col', 'flex--left', 'flex--center-y']);
    expect(parsed.filter((rule) => rule.selector === '.flex').map((rule) => rule.declarations)).to.deep.include({
      display: 'flex',
      gap: '10px',
    });
    expect(ruleFor(parsed, '.flex--row.flex--left')).to.include({ 'justify-content': 'flex-start' });
    expect(ruleFor(parsed, '.flex--col.flex--left')).to.include({
      'align-items': 'flex-start',
      'justify-content': 'center',
    });
    expect(ruleFor(parsed, '.flex--col.flex--center-y')).to.include({ 'justify-content': 'center' });
  });

  it('lays grids out in equal columns and spans', () => {
    const { parsed } = generated(['grid', 'grid--cols-3', 'col--span-2']);
    expect(ruleFor(parsed, '.grid--cols-3')).to.include({ 'grid-template-columns': 'repeat(3, minmax(0, 1fr))' });
    expect(ruleFor(parsed, ':where(.grid) .col--span-2')).to.include({ 'grid-column': 'span 2', display: 'flex' });
  });

  it('spaces on the 4 px scale, its half steps and arbitrary pixels', () => {
    const { parsed } = generated([
      'p--2',
      'mb--1.5',
      'px--4',
      'gap--large',
      'gap--[12px]',
      'w--full',
      'h--12',
      'rounded--[12px]',
      'w--[64cqw]',
    ]);
    expect(ruleFor(parsed, '.p--2')).to.deep.equal({ padding: '8px' });
    expect(ruleFor(parsed, '.mb--1\\.5')).to.deep.equal({ 'margin-bottom': '6px' });
    expect(ruleFor(parsed, '.px--4')).to.deep.equal({ 'padding-left': '16px', 'padding-right': '16px' });
    expect(ruleFor(parsed, '.gap--large')).to.deep.equal({ gap: '20px' });
    expect(ruleFor(parsed, '.gap--\\[12px\\]')).to.deep.equal({ gap: '12px' });
    expect(ruleFor(parsed, '.w--full')).to.deep.equal({ width: '100%' });
    expect(ruleFor(parsed, '.h--12')).to.deep.equal({ height: '48px' });
    expect(ruleFor(parsed, '.rounded--\\[12px\\]')).to.include({ 'border-radius': '12px' });
    expect(ruleFor(parsed, '.w--\\[64cqw\\]')).to.deep.equal({ width: '64cqw' });
  });

  it('aligns and sizes text', () => {
    const { parsed } = generated(['text--center', 'text--small', 'text--xxlarge', 'text--bold', 'clamp--2']);
    expect(ruleFor(parsed, '.text--center')).to.deep.equal({ 'text-align': 'center' });
    expect(ruleFor(parsed, '.text--small')).to.include({ 'font-size': '12px' });
    expect(ruleFor(parsed, '.text--xxlarge')).to.include({ 'font-size': '38px', 'line-height': '42px' });
    expect(ruleFor(parsed, '.text--bold')).to.deep.equal({ 'font-weight': '700' });
    expect(ruleFor(parsed, '.clamp--2')).to.include({ 'line-clamp': '2' });
  });

  it('paints grays on 1-bit screens as dither patterns with the framework’s share of ink', () => {
    const { parsed } = generated(['bg--gray-70', 'bg--gray-40', 'bg--gray-75', 'bg--black', 'text--gray-50']);
    // gray-70 is 2 of 16 pixels black, gray-75 one, gray-40 (#777) nine, as the framework's own tiles.
    expect(inkPixels(ruleFor(parsed, '.bg--gray-70')['background-image'])).to.equal(2);
    expect(inkPixels(ruleFor(parsed, '.bg--gray-75')['background-image'])).to.equal(1);
    expect(inkPixels(ruleFor(parsed, '.bg--gray-40')['background-image'])).to.equal(9);
    expect(ruleFor(parsed, '.bg--black')).to.include({ 'background-color': '#000000', 'background-image': 'none' });
    // Gray text is the pattern clipped to the glyphs.
    expect(ruleFor(parsed, '.text--gray-50')).to.include({ color: 'transparent', 'background-clip': 'text' });
  });

  it('draws a 2-bit screen’s in-between grays as a mix of the two grays around them', () => {
    const { parsed } = generated(['bg--gray-40'], screenOf(800, 480, 2));
    const rule = ruleFor(parsed, '.bg--gray-40');
    expect(rule['background-color']).to.equal('#aaaaaa');
    expect(decodeURIComponent(rule['background-image'])).to.include("fill='#555555'");
  });

  it('paints hues as their gray on grayscale screens and with four inks on black, white, red and yellow ones', () => {
    const gray = generated(['bg--red', 'text--yellow'], screenOf(800, 480, 4)).parsed;
    // The framework paints red as gray-40 and yellow as gray-60 where there is no hue.
    expect(ruleFor(gray, '.bg--red')['background-color']).to.equal('#777777');
    expect(ruleFor(gray, '.text--yellow')).to.deep.equal({ color: '#bbbbbb' });
    const bwry = generated(['bg--red', 'bg--orange'], screenOf(800, 480, 1, ['screen--color-4bwry'])).parsed;
    expect(ruleFor(bwry, '.bg--red')).to.include({ 'background-color': '#ff0000', 'background-image': 'none' });
    const orange = ruleFor(bwry, '.bg--orange');
    expect(
      [orange['background-color'], decodeURIComponent(orange['background-image']).match(/fill='(#\w+)'/)?.[1]].sort(),
    ).to.deep.equal(['#ff0000', '#ffff00']);
  });

  it('resolves size gates mobile-first, scoped by the screen with the framework’s weight', () => {
    const classes = ['label', 'lg:label--base', 'md:value--small', 'sm:gap--large'];
    const large = generated(classes, screenOf(1040, 780));
    expect(ruleFor(large.parsed, '.screen--lg .lg\\:label--base')).to.include({ 'font-size': '16px' });
    expect(ruleFor(large.parsed, '.screen--lg .md\\:value--small')).to.include({ 'font-size': '26px' });
    expect(ruleFor(large.parsed, '.screen--lg .sm\\:gap--large')).to.deep.equal({ gap: '20px' });
    const medium = generated(classes, screenOf(800, 480));
    expect(medium.parsed.some((rule) => rule.selector.includes('lg\\:'))).to.equal(false);
    expect(ruleFor(medium.parsed, '.screen--md .md\\:value--small')).to.include({ 'font-size': '26px' });
    // A gate that does not hold leaves its class known, and unstyled.
    expect(medium.unknown).to.deep.equal([]);
  });

  it('resolves orientation and bit-depth gates for the screen', () => {
    const classes = [
      'portrait:flex--col',
      'landscape:text--right',
      '1bit:bg--black',
      '2bit:bg--white',
      'hidden',
      'lg:block',
    ];
    const portrait = generated(classes, screenOf(480, 800)).parsed;
    expect(ruleFor(portrait, '.screen--portrait .portrait\\:flex--col')).to.include({ 'flex-direction': 'column' });
    expect(portrait.some((rule) => rule.selector.includes('landscape'))).to.equal(false);
    expect(ruleFor(portrait, '.screen--1bit .\\31 bit\\:bg--black')).to.include({ 'background-color': '#000000' });
    expect(portrait.some((rule) => rule.selector.includes('2bit'))).to.equal(false);
    const landscape = generated(classes, screenOf(800, 480, 2)).parsed;
    expect(ruleFor(landscape, '.screen:where(:not(.screen--portrait)) .landscape\\:text--right')).to.deep.equal({
      'text-align': 'right',
    });
    expect(ruleFor(landscape, '.screen--2bit .\\32 bit\\:bg--white')).to.include({ 'background-color': '#ffffff' });
  });

  it('puts a gated companion with its direction: md:flex--col with flex--left', () => {
    const { parsed } = generated(['flex', 'md:flex--col', 'flex--left']);
    expect(ruleFor(parsed, '.screen--md .md\\:flex--col.flex--left')).to.include({ 'align-items': 'flex-start' });
  });

  it('lists the classes the framework does not style, and gates it does not publish', () => {
    const { unknown, parsed } = generated([
      'title',
      'pt--xsmall',
      'text--cente',
      'my-own-class',
      '1bit:flex--col',
      'dark:p--2',
      'gap--[99px]',
    ]);
    expect(unknown).to.deep.equal([
      '1bit:flex--col',
      'dark:p--2',
      'gap--[99px]',
      'my-own-class',
      'pt--xsmall',
      'text--cente',
    ]);
    expect(parsed.map((rule) => rule.selector)).to.deep.equal(['.title']);
  });

  it('emits the rules in the framework’s layers, lowest first', () => {
    const { css, parsed } = generated(['bg--black', 'title', 'item', 'layout', 'trmnl']);
    expect(
      css.startsWith('@layer tn--normalize,tn--elements,tn--components,tn--base,tn--device,tn--utilities;'),
    ).to.equal(true);
    const layers = [...new Set(parsed.map((rule) => rule.layer))];
    expect(layers).to.deep.equal(['normalize', 'elements', 'components', 'base', 'utilities']);
  });
});
