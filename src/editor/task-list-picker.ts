/**
 * The CalDAV dialog's task lists: once an address (of the server, or of any of its collections) and the
 * credentials are typed, the lists the user has there are asked of the package's admin endpoint, which asks the
 * server, and offered in a select; picking one sets the address. Typed values work before any deploy; a
 * password field that still shows a stored password is sent as that placeholder, and the endpoint takes the
 * stored one: a password never comes back to the browser.
 */
import { text as catalogText } from './catalog';

interface TaskListChoice {
  url: string;
  name: string;
}

const PREFIX = 'node-config-input';
const WAIT_MS = 600;

function text(key: string, substitutions?: Record<string, unknown>): string {
  return catalogText(`device-cloud-caldav.taskLists.${key}`, substitutions);
}

function failureText(xhr: JQuery.jqXHR): string {
  const body = (xhr.responseJSON ?? {}) as { error?: string; message?: string };
  return text('failed', { error: body.error || body.message || xhr.statusText || String(xhr.status) });
}

/** The picker under the address field of a CalDAV node's dialog. */
export function taskListPicker(node: EditorNode): void {
  const $url = $(`#${PREFIX}-url`);
  const $select = $(`#${PREFIX}-taskLists`);
  const $note = $(`#${PREFIX}-taskLists-note`);
  const $refresh = $(`#${PREFIX}-taskLists-refresh`);
  let request = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = '';

  /** The line under the select: what the picker is doing, or why it has no lists, in the theme's error colour. */
  function note(icon: string, message: string, failed = false): void {
    $note.empty().css('color', `var(${failed ? '--red-ui-text-color-error' : '--red-ui-secondary-text-color'})`);
    $('<i></i>').addClass(`fa ${icon}`).appendTo($note);
    $note.append(document.createTextNode(` ${message}`));
  }

  function show(lists: TaskListChoice[]): void {
    const current = String($url.val() ?? '');
    $select.empty();
    $('<option></option>').val('').text(text('choose')).appendTo($select);
    for (const list of lists) {
      $('<option></option>').val(list.url).text(`${list.name} (${list.url})`).appendTo($select);
    }
    if (lists.some((list) => list.url === current)) $select.val(current);
    note('fa-check', lists.length === 0 ? text('none') : text('count', { count: lists.length }));
  }

  function load(again = false): void {
    // The dialog was closed while the picker waited for the typing to pause: its fields are gone.
    if (!document.body.contains($url[0] ?? null)) return;
    const body = {
      id: node.id,
      url: String($url.val() ?? '').trim(),
      username: String($(`#${PREFIX}-username`).val() ?? ''),
      password: String($(`#${PREFIX}-password`).val() ?? ''),
      timeout: String($(`#${PREFIX}-timeout`).val() ?? ''),
    };
    const key = JSON.stringify(body);
    if ((key === asked && !again) || !/^https?:\/\/[^\s/]+/i.test(body.url)) {
      if (body.url === '') note('fa-info-circle', text('typeAddress'));
      return;
    }
    asked = key;
    const mine = ++request;
    note('fa-spinner fa-spin', text('loading'));
    $.ajax({
      url: 'device-cloud/caldav/task-lists',
      type: 'POST',
      contentType: 'application/json',
      data: key,
      dataType: 'json',
    })
      .done((lists: unknown) => {
        if (mine === request) show(Array.isArray(lists) ? (lists as TaskListChoice[]) : []);
      })
      .fail((xhr: JQuery.jqXHR) => {
        if (mine !== request) return;
        // Lists listed before are not the server's as now typed.
        $select.empty();
        note('fa-exclamation-triangle', failureText(xhr), true);
      });
  }

  function soon(): void {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => load(), WAIT_MS);
  }

  $select.on('change', () => {
    const chosen = String($select.val() ?? '');
    if (chosen === '') return;
    $url.val(chosen);
    // The lists stay as they are: the address picked is one of them.
    asked = JSON.stringify({ ...(JSON.parse(asked || '{}') as object), url: chosen });
    $url.trigger('change');
  });
  for (const field of ['url', 'username', 'password']) $(`#${PREFIX}-${field}`).on('input change', soon);
  $refresh.on('click', (event) => {
    event.preventDefault();
    load(true);
  });
  load();
}
