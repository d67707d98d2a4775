/**
 * One of a device's five pages in the sidebar: its screen at the device's shape (the text, or the picture as pushed),
 * when and by which node it was pushed, whether it stays, and, for a user who may write, push again and delete.
 */
import { screenBox, timeAgo } from './editor-format';
import { act, pagePath, type Device, type ListedPage } from './editor-api';
import { confirm } from '../../editor/confirm';
import { button, t } from './editor-controls';

/** A page's slot: empty, or the page as recorded. */
export function slotView(
  account: string,
  device: Device,
  pageId: string,
  page: ListedPage | undefined,
  canWrite: boolean,
  readPages: () => void,
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
    .text(nodeLabel(page))
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
        button('fa-repeat', t('pushAgain'), 'push-again', () =>
          confirm(t('confirmPushAgain', where), t('push'), () =>
            act('POST', `${pagePath(account, device.deviceId, pageId)}/push`, t('pushed', where), readPages),
          ),
        ),
        button('fa-trash', t('deletePage'), 'delete', () =>
          confirm(t('confirmDelete', where), t('delete'), () =>
            act('DELETE', pagePath(account, device.deviceId, pageId), t('deleted', where), readPages),
          ),
        ),
      ),
    );
  }
  return slot.append(meta);
}

/** The node's name, else its type's label, else its id; a node no longer in the flows says so. */
export function nodeLabel(page: ListedPage): string {
  if (page.node.name) return page.node.name;
  const node = RED.nodes.node(page.node.id);
  return node ? node.type.replace(/^device-cloud-/, '') : t('nodeGone');
}
