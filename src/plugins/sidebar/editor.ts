/**
 * The editor's Device Cloud sidebar: each account, each of its devices (from the service's device list and from
 * the page record) with its five pages at the screen's shape, as pushed from this Node-RED. It reads the record
 * through the admin API and reads it again when the runtime announces a change on the comms topic.
 */
import { act, pagePath, type Device, type DeviceList, type ListedPage } from './editor-api';
import { confirm } from '../../editor/confirm';
import { button, t } from './editor-controls';
import { timeAgo } from './editor-format';
import { SidebarPictures } from './editor-pictures';
import { nodeLabel, slotView } from './editor-slot';

const PAGES_TOPIC = 'device-cloud/pages';
const WRITE_PERMISSION = 'device-cloud.write';
const PAGE_IDS = ['1', '2', '3', '4', '5'];
/** The time-ago texts are brought up to date this often. */
const CLOCK_MS = 30_000;
/** How long the sidebar's width stays put before its pictures are drawn again for it. */
const RESIZE_REST_MS = 250;

class DeviceCloudSidebar {
  readonly content = $('<div class="device-cloud-sidebar"></div>');
  private readonly header = $('<div class="red-ui-sidebar-header device-cloud-sidebar-header"></div>');
  private readonly body = $('<div class="device-cloud-sidebar-body"></div>');
  private pages: ListedPage[] = [];
  private readonly devices = new Map<string, DeviceList>();
  private readonly collapsed = new Set<string>();
  private readonly pictures = new SidebarPictures();
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
    this.body.find('.device-cloud-sidebar-picture').each((_index, element) => this.pictures.show($(element), shown));
    this.pictures.keepOnly(shown);
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
    for (const page of pages) words.push(page.text, page.title, page.body, page.node.name, nodeLabel(page));
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
        button('fa-trash', t('deleteAll'), 'delete-all', () =>
          confirm(t('confirmDeleteAll', { device: device.alias || device.deviceId }), t('delete'), () =>
            act('DELETE', pagePath(account, device.deviceId, 'all'), t('deletedAll', { device: device.deviceId }), () =>
              this.readPages(),
            ),
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
      slots.append(slotView(account, device, pageId, page, canWrite, () => this.readPages()));
    }
    return view.append(slots);
  }
  private updateTimes(): void {
    const now = new Date();
    this.body.find('.device-cloud-sidebar-when').each((_index, element) => {
      const when = $(element);
      when.text(timeAgo(new Date(String(when.attr('data-pushed-at'))), now, RED.i18n.lang()));
    });
  }
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
