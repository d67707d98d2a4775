// The rules our framework CSS gives the framework's elements, components and frame carry the framework's own
// values (release 3.2: config/_variables_overrides.scss, elements/, components/, base/), resolved for the screen.

import { expect } from 'chai';
import { generated, ruleFor, screenOf } from './framework-css';

describe('TRMNL framework: elements and components', () => {
  it('gives values the framework type scale: size, line height, weight', () => {
    const { parsed } = generated(['value', 'value--xlarge', 'value--xxsmall', 'value--small', 'value--xxxlarge']);
    expect(ruleFor(parsed, '.value--xlarge')).to.include({
      'font-size': '74px',
      'line-height': '86px',
      'font-weight': '375',
    });
    expect(ruleFor(parsed, '.value--small')).to.include({
      'font-size': '26px',
      'line-height': '29px',
      'font-weight': '500',
    });
    expect(ruleFor(parsed, '.value--xxxlarge')).to.include({ 'font-size': '128px', 'line-height': '128px' });
    // The smallest value is set in the bundle's 16 px pixel font, bold.
    expect(ruleFor(parsed, '.value--xxsmall')).to.include({
      'font-size': '16px',
      'line-height': '16px',
      'font-weight': '700',
    });
    expect(ruleFor(parsed, '.value')).to.include({ 'font-size': '38px', 'line-height': '42px' });
  });

  it('sizes titles, labels and descriptions by the font bundle (TRMNL by default, classic before 3.1)', () => {
    const classes = [
      'title',
      'title--small',
      'title--large',
      'label',
      'label--small',
      'description',
      'description--large',
    ];
    const trmnl = generated(classes).parsed;
    expect(ruleFor(trmnl, '.title')).to.include({ 'font-size': '21px', 'line-height': '1' });
    expect(ruleFor(trmnl, '.title--small')).to.include({ 'font-size': '16px', 'font-weight': '700' });
    expect(ruleFor(trmnl, '.title--large')).to.include({
      'font-size': '30px',
      'line-height': '1.2',
      'font-weight': '425',
    });
    expect(ruleFor(trmnl, '.label')).to.include({ 'font-size': '16px', 'line-height': '1.25', display: 'inline-flex' });
    expect(ruleFor(trmnl, '.label--small')).to.include({ 'font-size': '12px', 'padding-top': '1px' });
    expect(ruleFor(trmnl, '.description')).to.include({ 'font-size': '12px' });
    expect(ruleFor(trmnl, '.description--large')).to.include({ 'font-size': '16px', 'line-height': '1.25' });
    const classic = generated(classes, screenOf(800, 480, 1, ['screen--fonts-classic'])).parsed;
    expect(ruleFor(classic, '.title')).to.include({ 'font-size': '26px' });
    expect(ruleFor(classic, '.label--small')).to.include({ 'font-size': '16px' });
  });

  it('names the font that draws each framework font: Inter, the framework fonts listed', () => {
    const made = generated(['title', 'value', 'label--small']);
    expect(ruleFor(made.parsed, '.title')['font-family']).to.equal('Inter');
    expect(made.fonts).to.deep.equal(['Inter', 'TRMNL12', 'TRMNL21']);
  });

  it('draws labels as the framework does: outline, inverted, underline', () => {
    const { parsed } = generated(['label', 'label--outline', 'label--inverted', 'label--underline']);
    expect(ruleFor(parsed, '.label--outline')).to.include({ border: '1px solid #000000', 'border-radius': '4px' });
    expect(ruleFor(parsed, '.label--inverted')).to.include({
      'background-color': '#000000',
      color: '#ffffff',
      padding: '1px 5px',
    });
    // A level-4 line under the label: every other pixel black on a 1-bit screen.
    expect(ruleFor(parsed, '.label--underline')).to.include({
      'background-repeat': 'repeat-x',
      'background-position': 'left bottom',
      'background-size': '2px 1px',
    });
  });

  it('frames the page: screen, full view, layout, title bar', () => {
    const { parsed } = generated([
      'screen',
      'view',
      'view--full',
      'layout',
      'layout--col',
      'title_bar',
      'title',
      'instance',
    ]);
    expect(ruleFor(parsed, '.screen')).to.include({ width: '800px', height: '480px', padding: '10px' });
    expect(ruleFor(parsed, '.view--full')).to.include({ width: '780px', height: '460px' });
    expect(ruleFor(parsed, '.view--full .layout')).to.include({ height: '460px', padding: '0' });
    expect(ruleFor(parsed, '.layout')).to.include({ display: 'flex', gap: '10px', 'justify-content': 'center' });
    expect(ruleFor(parsed, '.layout--col')).to.include({ 'flex-direction': 'column' });
    const bar = ruleFor(parsed, '.title_bar');
    expect(bar).to.include({ height: '40px', 'border-radius': '10px', padding: '0 10px' });
    // On 1-bit screens the bar's gray-70 is a dither pattern over white.
    expect(bar['background-color']).to.equal('#ffffff');
    expect(bar['background-image']).to.match(/^url\("data:image\/svg\+xml,/);
    expect(ruleFor(parsed, '.title_bar .title')).to.include({
      'font-size': '16px',
      'font-weight': '700',
      'padding-top': '1px',
    });
    expect(ruleFor(parsed, '.title_bar .instance')).to.include({ 'text-align': 'right', 'text-overflow': 'ellipsis' });
  });

  it('gives half and quadrant views the compact title bar, in a mashup grid', () => {
    const { parsed } = generated(['mashup', 'mashup--1Tx1B', 'view', 'view--half_horizontal', 'title_bar']);
    expect(ruleFor(parsed, '.view--half_horizontal .title_bar')).to.include({ height: '32px' });
    expect(ruleFor(parsed, '.mashup')).to.include({ display: 'grid', width: '780px', height: '460px', gap: '10px' });
    expect(ruleFor(parsed, '.mashup--1Tx1B > div:nth-of-type(1)')).to.include({ 'grid-row': '1 / 2' });
  });

  it('sizes items, tables and progress bars as the framework does', () => {
    const { parsed } = generated(
      ['item', 'meta', 'index', 'table', 'table--small', 'progress-bar', 'track'],
      screenOf(),
    );
    expect(ruleFor(parsed, '.item .meta')).to.include({ width: '10px', 'margin-right': '7px' });
    expect(ruleFor(parsed, '.table thead tr')).to.include({ height: '36px' });
    expect(ruleFor(parsed, '.table tbody tr')).to.include({ height: '46px' });
    expect(ruleFor(parsed, '.table.table--small tbody tr')).to.include({ height: '31px' });
    expect(ruleFor(parsed, '.progress-bar .track')).to.include({ height: '24px', 'border-radius': '10px' });
  });

  it('shows a 2-bit screen the instance in gray and a 4-bit screen every gray solid', () => {
    const twoBit = generated(['title_bar', 'instance', 'bg--gray-30'], screenOf(800, 480, 2)).parsed;
    expect(twoBit.some((rule) => rule.layer === 'device' && rule.selector === '.title_bar .instance')).to.equal(true);
    expect(ruleFor(twoBit, '.bg--gray-30')).to.include({ 'background-color': '#555555', 'background-image': 'none' });
    const fourBit = generated(['bg--gray-45'], screenOf(800, 480, 4)).parsed;
    expect(ruleFor(fourBit, '.bg--gray-45')).to.include({ 'background-color': '#888888', 'background-image': 'none' });
    const oneBit = generated(['title_bar', 'instance']).parsed;
    expect(oneBit.some((rule) => rule.layer === 'device')).to.equal(false);
  });
});
