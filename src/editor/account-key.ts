/**
 * Whether an account has a key at all: Node-RED's credentials endpoint answers has_apiKey. An account the
 * editor knows to have none (imported, or never given one) is invalid, so its nodes show a red triangle before
 * a deploy rather than failing at run time.
 */
import { isEmpty } from './catalog';

export const ACCOUNT_TYPE = 'device-cloud-account';

/**
 * 'present', 'missing' or 'unknown' (not asked yet, or not allowed to ask): what the editor knows of an
 * account's key, from the credentials it holds once the dialog was opened or the runtime was asked.
 */
export function keyState(account: EditorNode): 'present' | 'missing' | 'unknown' {
  const credentials = account.credentials;
  if (!credentials) return 'unknown';
  return credentials.has_apiKey === true || !isEmpty(credentials.apiKey) ? 'present' : 'missing';
}

const asking = new Set<string>();

/**
 * Asks Node-RED whether an account has a key, keeps the answer as the editor keeps it when the dialog opens,
 * and validates the account and its nodes again.
 */
function learnKeyState(account: EditorNode): void {
  if (account.type !== ACCOUNT_TYPE || account.credentials || asking.has(account.id)) return;
  asking.add(account.id);
  $.ajax({ url: `credentials/${ACCOUNT_TYPE}/${account.id}`, dataType: 'json', cache: false })
    .done((credentials: Record<string, unknown>) => {
      const current = RED.nodes.node(account.id);
      if (current !== account || account.credentials) return;
      account.credentials = { ...credentials, _: { ...credentials } };
      RED.editor.validateNode(account);
      for (const user of account.users ?? []) RED.editor.validateNode(user);
      RED.view.redraw(true);
    })
    .always(() => asking.delete(account.id));
}

/** Asks for every account once the flows are loaded, and for each account added later (once the editor has placed it). */
export function followAccountKeys(): void {
  RED.events.on('flows:loaded', () => RED.nodes.eachConfig((node) => learnKeyState(node)));
  RED.events.on('nodes:add', (node) => {
    if (node.type === ACCOUNT_TYPE) setTimeout(learnKeyState, 0, node);
  });
}
