/**
 * The flows of the page record's tests: an account on the simulator and, for each kind of push and delete, an
 * inject node wired to the node that makes it; pressing `<name>-go` (POST /inject/<id>) runs it.
 */
import type { FlowNode } from './node-red';

export const TAB = 'tab';
export const ACCOUNT = 'account';
export const KITCHEN = 'AA:BB:CC:DD:EE:01';
export const HALLWAY = 'AA:BB:CC:DD:EE:02';

/** An inject node that sends `payload` (of Node-RED's type `payloadType`) and the extra `props`. */
function inject(
  id: string,
  target: string,
  payload: string,
  payloadType: string,
  y: number,
  props: { p: string; v: string; vt: string }[] = [],
): FlowNode {
  return {
    id,
    type: 'inject',
    z: TAB,
    name: id,
    props: [{ p: 'payload', v: payload, vt: payloadType }, ...props],
    repeat: '',
    once: false,
    x: 120,
    y,
    wires: [[target]],
  };
}

/** Text in Chinese and English, for the sidebar to show legibly: page 1 of the hallway. */
export const WORDS = '我的家 High 16°';

/**
 * The nodes: text to page 1 of the kitchen, a picture (as a data URL) to page 2, title and body to page 3, ...,
 * `drawn` (a page drawn with text) to page 5 and WORDS to page 1 of the hallway.
 */
export function pageRecordFlows(
  simUrl: string,
  picture: Buffer,
  account: Record<string, unknown> = {},
  drawn = picture,
): FlowNode[] {
  const dataUrl = `data:image/png;base64,${picture.toString('base64')}`;
  const push = (id: string, type: string, y: number, settings: Record<string, unknown>): FlowNode => ({
    id,
    type,
    z: TAB,
    account: ACCOUNT,
    deviceIdType: 'device',
    x: 380,
    y,
    wires: [[]],
    ...settings,
  });
  return [
    { id: TAB, type: 'tab', label: 'Screens' },
    { id: ACCOUNT, type: 'device-cloud-account', name: 'Home', baseUrl: simUrl, ...account },
    inject('text-go', 'text', 'Hello kitchen', 'str', 40),
    push('text', 'device-cloud-display-text', 40, {
      name: 'Kitchen greeting',
      mode: 'text',
      deviceId: KITCHEN,
      pageId: '1',
      fontSize: '28',
      fontSizeType: 'num',
      skipUnchanged: true,
    }),
    inject('image-go', 'image', dataUrl, 'str', 100),
    push('image', 'device-cloud-display-image', 100, {
      name: 'Kitchen picture',
      deviceId: KITCHEN,
      pageId: '2',
      dither: 'false',
      fit: 'none',
    }),
    inject('notice-go', 'notice', '{"title":"Bins","body":"Tomorrow: paper"}', 'json', 160),
    push('notice', 'device-cloud-display-text', 160, {
      name: 'Notice',
      mode: 'structured',
      deviceId: KITCHEN,
      pageId: '3',
    }),
    inject('both-go', 'both', 'For every screen', 'str', 220, [
      { p: 'deviceId', v: JSON.stringify([KITCHEN, HALLWAY]), vt: 'json' },
    ]),
    push('both', 'device-cloud-display-text', 220, {
      name: 'Both screens',
      mode: 'text',
      deviceId: 'deviceId',
      deviceIdType: 'msg',
      pageId: '4',
    }),
    inject('drawn-go', 'drawn', `data:image/png;base64,${drawn.toString('base64')}`, 'str', 460),
    push('drawn', 'device-cloud-display-image', 460, {
      name: 'Kitchen weather',
      deviceId: KITCHEN,
      pageId: '5',
      dither: 'false',
      fit: 'none',
    }),
    inject('words-go', 'words', WORDS, 'str', 520),
    push('words', 'device-cloud-display-text', 520, {
      name: 'Hallway words',
      mode: 'text',
      deviceId: HALLWAY,
      pageId: '1',
      fontSize: '40',
      fontSizeType: 'num',
    }),
    inject('later-go', 'text', 'Later text', 'str', 280),
    inject('delete-go', 'delete', '', 'date', 340),
    push('delete', 'device-cloud-page-delete', 340, { name: 'Clear notice', deviceId: KITCHEN, pageId: '3' }),
    inject('delete-all-go', 'delete-all', '', 'date', 400),
    push('delete-all', 'device-cloud-page-delete', 400, { name: 'Clear hallway', deviceId: HALLWAY, pageId: 'all' }),
  ];
}
