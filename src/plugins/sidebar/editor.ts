/**
 * The editor's Device Cloud sidebar: each account, each of its devices (from the service's device list and from
 * the page record) with its five pages at the screen's shape, as pushed from this Node-RED. It reads the record
 * through the admin API and reads it again when the runtime announces a change on the comms topic.
 */
import { screenBox, timeAgo } from './editor-format';

/** The plugin's message catalog: Node-RED names it by the package and the plugin. */
const CATALOG = '@device-cloud/node-red-device-cloud/device-cloud-sidebar';
const PAGES_TOPIC = 'device-cloud/pages';
const WRITE_PERMISSION = 'device-cloud.write';
const PAGE_IDS = ['1', '2', '3', '4', '5'];
/** The time-ago texts are brought up to date this often. */
const CLOCK_MS = 30_000;
/** How long the sidebar's width stays put before its pictures are drawn again for it. */
const RESIZE_REST_MS = 250;

interface ListedPage {
  account: string;
  deviceId: string;
  pageId: string;
  kind: 'text' | 'structured-text' | 'image';
  persistent: boolean;
  pushedAt: string;
  node: { id: string; name: string; z: string };
  text?: string;
  title?: string;
  body?: string;
  options: { fontSize?: number; dither?: boolean };
  image?: string;
  images?: number;
}

interface Device {
  deviceId: string;
  alias?: string;
  board?: string;
}

type DeviceList = { devices: Device[] } | { error: string };

function t(key: string, substitutions?: Record<string, unknown>): string {
  return RED._(`${CATALOG}:${key}`, substitutions);
}

class DeviceCloudSidebar {
  readonly content = $('<div class="device-cloud-sidebar"></div>');
  private readonly header = $('<div class="red-ui-sidebar-header device-cloud-sidebar-header"></div>');
  private readonly body = $('<div class="device-cloud-sidebar-body"></div>');
  private pages: ListedPage[] = [];
  private readonly devices = new Map<string, DeviceList>();
  private readonly collapsed = new Set<string>();
  /** Object URLs of the pictures shown, by their path, push time and size. */
  private pictures = new Map<string, string>();
  /** The sidebar's width when last drawn: the pictures are drawn again for another. */
  private drawnWidth = 0;
  private redraw: ReturnType<typeof setTimeout> | undefined;
  private filter = '';
  private reading: JQuery.jqXHR | undefined;
  private readAgain = false;

  constructor() {
    const search = $('<input type="text" class="device-cloud-sidebar-filter">')
      .attr('placeholder', t('filter'))
      .on('input', () => {
        this.filter = String(search.val() ?? '')
          .trim()
          .toLowerCase();
        this.render();
      });
    const refresh = $('<button type="button" class="red-ui-sidebar-header-button device-cloud-sidebar-refresh">')
      .attr('title', t('refresh'))
      .append('<i class="fa fa-refresh"></i>')
      .on('click', () => this.refresh());
    this.header.append(search, refresh);
    this.content.append(this.header, $('<div class="device-cloud-sidebar-note"></div>').text(t('asPushed')), this.body);
    // Read only while the tab is shown; showing it reads everything again (see onchange below).
    RED.comms.subscribe(PAGES_TOPIC, () => {
      if (this.shown()) this.readPages();
    });
    RED.events.on('deploy', () => {
      if (this.shown()) this.refresh();
    });
    setInterval(() => this.updateTimes(), CLOCK_MS);
    // Pictures are drawn for their size: at once when the tab was drawn hidden, else once a resize of the
    // sidebar has come to rest.
    new ResizeObserver(() => {
      if (this.content.width() === this.drawnWidth || !this.shown()) return;
      clearTimeout(this.redraw);
      if (this.drawnWidth === 0) this.render();
      else this.redraw = setTimeout(() => this.render(), RESIZE_REST_MS);
    }).observe(this.content[0]);
  }

  private shown(): boolean {
    return this.content.is(':visible');
  }

  /** The pages and every account's devices. */
  refresh(): void {
    this.readPages();
    this.devices.clear();
    for (const account of this.accounts()) this.readDevices(account.id);
    this.render();
  }

  /** Reads the record; a change announced while a read is under way reads it once more after. */
  readPages(): void {
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = $.ajax({ url: 'device-cloud/pages', dataType: 'json', cache: false });
    this.reading
      .done((pages: ListedPage[]) => {
        this.pages = pages;
        this.render();
      })
      .always(() => {
        this.reading = undefined;
        if (this.readAgain) {
          this.readAgain = false;
          this.readPages();
        }
      });
  }

  private readDevices(account: string): void {
    $.ajax({ url: `device-cloud/accounts/${encodeURIComponent(account)}/devices`, dataType: 'json', cache: false })
      .done((devices: Device[]) => this.devices.set(account, { devices }))
      .fail((xhr: JQuery.jqXHR) => {
        const answer = xhr.responseJSON as { error?: string } | undefined;
        this.devices.set(account, { error: answer?.error ?? `${xhr.status} ${xhr.statusText}` });
      })
      .always(() => this.render());
  }

  /** The accounts of the flows, and those the record still names. */
  private accounts(): { id: string; name: string }[] {
    const accounts = new Map<string, string>();
    RED.nodes.eachConfig((node) => {
      if (node.type === 'device-cloud-account') accounts.set(node.id, node.name || node.id);
    });
    for (const page of this.pages) if (!accounts.has(page.account)) accounts.set(page.account, page.account);
    return [...accounts].map(([id, name]) => ({ id, name }));
  }

  render(): void {
    const canWrite = RED.user.hasPermission(WRITE_PERMISSION);
    this.body.empty();
    const accounts = this.accounts();
    if (accounts.length === 0)
      this.body.append($('<div class="device-cloud-sidebar-empty"></div>').text(t('noAccounts')));
    let anyDevice = false;
    for (const account of accounts) {
      const section = $('<div class="device-cloud-sidebar-account"></div>').attr('data-account', account.id);
      section.append($('<div class="device-cloud-sidebar-account-name"></div>').text(account.name));
      const listed = this.devices.get(account.id);
      if (listed && 'error' in listed) {
        section.append(
          $('<div class="device-cloud-sidebar-warning"></div>').text(t('devicesFailed', { error: listed.error })),
        );
      }
      const devices = this.devicesOf(account.id, listed && 'devices' in listed ? listed.devices : []);
      for (const device of devices) {
        const pages = this.pages.filter((page) => page.account === account.id && page.deviceId === device.deviceId);
        if (!this.matches(device, pages)) continue;
        anyDevice = true;
        section.append(this.deviceView(account.id, device, pages, canWrite));
      }
      this.body.append(section);
    }
    if (this.filter && !anyDevice)
      this.body.append($('<div class="device-cloud-sidebar-empty"></div>').text(t('nothingMatches')));
    // Laid out now: each picture is asked for at the size its screen shows it.
    this.drawnWidth = this.content.width() ?? 0;
    const shown = new Set<string>();
    this.body.find('.device-cloud-sidebar-picture').each((_index, element) => this.showPicture($(element), shown));
    for (const [key, url] of this.pictures) {
      if (shown.has(key)) continue;
      URL.revokeObjectURL(url);
      this.pictures.delete(key);
    }
  }

  /** The listed devices, then those only the record knows (a device removed from the account, say). */
  private devicesOf(account: string, listed: Device[]): Device[] {
    const devices = [...listed];
    for (const page of this.pages) {
      if (page.account === account && !devices.some((device) => device.deviceId === page.deviceId)) {
        devices.push({ deviceId: page.deviceId });
      }
    }
    return devices;
  }

  private matches(device: Device, pages: ListedPage[]): boolean {
    if (!this.filter) return true;
    const words = [device.deviceId, device.alias, device.board];
    for (const page of pages) words.push(page.text, page.title, page.body, page.node.name, this.nodeLabel(page));
    return words.some((word) => word?.toLowerCase().includes(this.filter));
  }

  private deviceView(account: string, device: Device, pages: ListedPage[], canWrite: boolean): JQuery {
    const key = `${account}/${device.deviceId}`;
    const view = $('<div class="device-cloud-sidebar-device"></div>').attr('data-device', device.deviceId);
    const header = $('<div class="device-cloud-sidebar-device-header"></div>');
    const collapsed = this.collapsed.has(key);
    // The id and board on a line of their own, wrapped rather than cut; all of it on hover too.
    const idAndBoard = [device.alias ? device.deviceId : '', device.board ?? ''].filter(Boolean).join(' · ');
    header.attr('title', [device.alias, device.deviceId, device.board].filter(Boolean).join(' · '));
    header.append(
      $('<i class="fa device-cloud-sidebar-chevron"></i>').addClass(collapsed ? 'fa-angle-right' : 'fa-angle-down'),
      $('<span class="device-cloud-sidebar-device-name"></span>').text(device.alias || device.deviceId),
      $('<span class="device-cloud-sidebar-count"></span>').text(`${pages.length}/5`),
    );
    // Also for a device with nothing recorded: what other clients pushed goes too.
    if (canWrite) {
      header.append(
        this.button('fa-trash', t('deleteAll'), 'delete-all', () =>
          this.confirm(t('confirmDeleteAll', { device: device.alias || device.deviceId }), t('delete'), () =>
            this.act('DELETE', pagePath(account, device.deviceId, 'all'), t('deletedAll', { device: device.deviceId })),
          ),
        ),
      );
    }
    if (idAndBoard) header.append($('<span class="device-cloud-sidebar-device-id"></span>').text(idAndBoard));
    header.on('click', (event) => {
      if ($(event.target).closest('button').length > 0) return;
      if (this.collapsed.has(key)) this.collapsed.delete(key);
      else this.collapsed.add(key);
      this.render();
    });
    view.append(header);
    if (collapsed) return view;
    const slots = $('<div class="device-cloud-sidebar-slots"></div>');
    for (const pageId of PAGE_IDS) {
      const page = pages.find((recorded) => recorded.pageId === pageId);
      slots.append(this.slotView(account, device, pageId, page, canWrite));
    }
    return view.append(slots);
  }

  private slotView(
    account: string,
    device: Device,
    pageId: string,
    page: ListedPage | undefined,
    canWrite: boolean,
  ): JQuery {
    const slot = $('<div class="device-cloud-sidebar-slot"></div>').attr('data-page', pageId);
    const screen = $('<div class="device-cloud-sidebar-screen"></div>').css(screenBox());
    screen.append($('<span class="device-cloud-sidebar-page-number"></span>').text(pageId));
    slot.append(screen);
    if (!page) {
      slot.addClass('device-cloud-sidebar-slot-empty');
      screen.append($('<span class="device-cloud-sidebar-blank"></span>').text(t('empty')));
      return slot;
    }
    slot.attr('data-kind', page.kind);
    if (page.kind === 'image' && page.image) {
      const picture = $('<img class="device-cloud-sidebar-picture">')
        .attr('alt', t('picture', { page: pageId }))
        .attr('data-picture', page.image)
        .attr('data-pushed-at', page.pushedAt);
      screen.append(picture);
      if ((page.images ?? 1) > 1) {
        screen.append($('<span class="device-cloud-sidebar-more"></span>').text(t('pictures', { count: page.images })));
      }
    } else {
      const text = $('<div class="device-cloud-sidebar-text"></div>');
      if (page.kind === 'structured-text') {
        if (page.title) text.append($('<div class="device-cloud-sidebar-title"></div>').text(page.title));
        if (page.body) text.append($('<div class="device-cloud-sidebar-body-text"></div>').text(page.body));
      } else {
        text.text(page.text ?? '').css('--device-cloud-font-size', String(page.options.fontSize ?? 20));
      }
      screen.append(text);
    }
    const pushedAt = new Date(page.pushedAt);
    const meta = $('<div class="device-cloud-sidebar-meta"></div>');
    meta.append(
      $('<span class="device-cloud-sidebar-when"></span>')
        .attr('data-pushed-at', page.pushedAt)
        .attr('title', pushedAt.toLocaleString(RED.i18n.lang() ?? undefined))
        .text(timeAgo(pushedAt, new Date(), RED.i18n.lang())),
      $('<span class="device-cloud-sidebar-badge"></span>')
        .toggleClass('device-cloud-sidebar-persistent', page.persistent)
        .text(page.persistent ? t('persistent') : t('temporary')),
    );
    const author = $('<a href="#" class="device-cloud-sidebar-node"></a>')
      .text(this.nodeLabel(page))
      .attr('title', t('reveal'))
      .on('click', (event) => {
        event.preventDefault();
        if (RED.nodes.node(page.node.id)) RED.view.reveal(page.node.id);
        else RED.notify(t('nodeGone'), { type: 'warning', timeout: 3000 });
      });
    meta.append($('<div class="device-cloud-sidebar-by"></div>').append(author));
    if (canWrite) {
      const where = { page: pageId, device: device.alias || device.deviceId };
      meta.append(
        $('<div class="device-cloud-sidebar-actions"></div>').append(
          this.button('fa-repeat', t('pushAgain'), 'push-again', () =>
            this.confirm(t('confirmPushAgain', where), t('push'), () =>
              this.act('POST', `${pagePath(account, device.deviceId, pageId)}/push`, t('pushed', where)),
            ),
          ),
          this.button('fa-trash', t('deletePage'), 'delete', () =>
            this.confirm(t('confirmDelete', where), t('delete'), () =>
              this.act('DELETE', pagePath(account, device.deviceId, pageId), t('deleted', where)),
            ),
          ),
        ),
      );
    }
    return slot.append(meta);
  }

  /** The node's name, else its type's label, else its id; a node no longer in the flows says so. */
  private nodeLabel(page: ListedPage): string {
    if (page.node.name) return page.node.name;
    const node = RED.nodes.node(page.node.id);
    return node ? node.type.replace(/^device-cloud-/, '') : t('nodeGone');
  }

  /**
   * Loads a picture through the admin API (with the editor's credentials), drawn at the size its screen shows it
   * in device pixels, once per push and size. A screen not laid out (the tab hidden) waits for the next drawing.
   */
  private showPicture(picture: JQuery, shown: Set<string>): void {
    const screen = picture.parent()[0];
    const ratio = window.devicePixelRatio || 1;
    const width = Math.round(screen.clientWidth * ratio);
    const height = Math.round(screen.clientHeight * ratio);
    if (width < 1 || height < 1) return;
    const path = String(picture.attr('data-picture'));
    const key = `${path}@${String(picture.attr('data-pushed-at'))}@${width}x${height}`;
    shown.add(key);
    const known = this.pictures.get(key);
    if (known) {
      picture.attr('src', known);
      return;
    }
    void $.ajax({ url: path, data: { width, height }, cache: false, xhrFields: { responseType: 'blob' } }).done(
      (blob: Blob) => {
        const url = URL.createObjectURL(blob);
        this.pictures.set(key, url);
        picture.attr('src', url);
      },
    );
  }

  private button(icon: string, title: string, action: string, click: () => void): JQuery {
    return $('<button type="button" class="red-ui-button red-ui-button-small device-cloud-sidebar-button"></button>')
      .attr('title', title)
      .attr('aria-label', title)
      .attr('data-action', action)
      .append($('<i class="fa"></i>').addClass(icon))
      .on('click', (event) => {
        event.stopPropagation();
        click();
      });
  }

  private confirm(question: string, yes: string, then: () => void): void {
    const dialog = RED.notify($('<p class="device-cloud-sidebar-question"></p>').text(question), {
      modal: true,
      fixed: true,
      type: 'warning',
      buttons: [
        { text: t('cancel'), click: () => dialog.close() },
        {
          text: yes,
          class: 'primary',
          click: () => {
            dialog.close();
            then();
          },
        },
      ],
    });
  }

  private act(method: 'DELETE' | 'POST', url: string, done: string): void {
    $.ajax({ url, method, dataType: 'json' })
      .done(() => RED.notify(done, { type: 'success', timeout: 3000 }))
      .fail((xhr: JQuery.jqXHR) => {
        const answer = xhr.responseJSON as { error?: string } | undefined;
        RED.notify(t('failed', { error: answer?.error ?? `${xhr.status} ${xhr.statusText}` }), { type: 'error' });
      })
      .always(() => this.readPages());
  }

  private updateTimes(): void {
    const now = new Date();
    this.body.find('.device-cloud-sidebar-when').each((_index, element) => {
      const when = $(element);
      when.text(timeAgo(new Date(String(when.attr('data-pushed-at'))), now, RED.i18n.lang()));
    });
  }
}

function pagePath(account: string, deviceId: string, pageId: string): string {
  return ['device-cloud/pages', account, deviceId, pageId]
    .map((part, index) => (index === 0 ? part : encodeURIComponent(part)))
    .join('/');
}

RED.plugins.registerPlugin('device-cloud-sidebar', {
  onadd() {
    const sidebar = new DeviceCloudSidebar();
    RED.sidebar.addTab({
      id: 'device-cloud',
      label: t('label'),
      name: t('name'),
      iconClass: 'fa fa-television',
      content: sidebar.content,
      enableOnEdit: true,
      onchange: () => sidebar.refresh(),
    });
    RED.events.on('flows:loaded', () => {
      if (sidebar.content.is(':visible')) sidebar.refresh();
    });
  },
});
