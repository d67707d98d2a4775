/**
 * An update confirmed: the specification leaves open whether the service
 * applies repeatType, deviceId and the repeat days, so an update that carries
 * any of them reads the to-do back (one look-up) and fails, naming each field,
 * where the service answered success but lists the to-do without the change.
 */
import { annotated, asDeviceCloudError, describe, DeviceCloudError } from '../../errors';
import type { TodoListItem, TodoUpdated } from '../../types';
import type { TodoId } from '../../values/ids';
import { toInteger } from '../../values/primitives';
import { uncertainFieldsOf, type TodoUpdate, type UncertainUpdateField } from '../../values/todos';
import type { CallOptions } from '../account-requests';
import { findTodo, type TodoLookup } from './todo-state';

/** A field sent that the service's list does not show as sent. */
export interface UnappliedField {
  field: UncertainUpdateField;
  sent: string | number;
  listed: string | number | undefined;
}

/**
 * Sends the update, then, when it carries an uncertain field, reads the to-do
 * back (looked for first among the to-dos in the state the answer gives) and
 * checks each such field.
 */
export async function confirmedUpdate(
  todos: TodoLookup,
  send: () => Promise<TodoUpdated>,
  id: TodoId,
  fields: TodoUpdate,
  options?: CallOptions,
): Promise<TodoUpdated> {
  const updated = await send();
  const checked = uncertainFieldsOf(fields);
  if (checked.length === 0) return updated;
  let item: TodoListItem;
  try {
    item = await findTodo(todos, id, options, Number(updated.status) === 1 ? 1 : 0);
  } catch (error) {
    const failure = asDeviceCloudError(error);
    if (failure.kind === 'aborted') throw failure;
    throw annotated(
      failure,
      `update to-do ${id}: the service took the update, but reading it back to confirm ${checked.join(', ')} failed`,
    );
  }
  const unapplied = unappliedFields(fields, item);
  if (unapplied.length > 0) throw notApplied(id, unapplied, item);
  return updated;
}

/** The uncertain fields of `fields` whose value the list item does not show. */
export function unappliedFields(fields: TodoUpdate, item: TodoListItem): UnappliedField[] {
  return uncertainFieldsOf(fields).flatMap((field) => {
    const sent = fields[field] as string | number;
    const listed = listedValue(field, item[field]);
    return listed === normalised(field, sent) ? [] : [{ field, sent, listed }];
  });
}

/**
 * A value of the list as the update would have sent it: device ids upper case, '' for none, repeatType
 * none when absent; numbers read from strings too. Anything else is described, and so never equal.
 */
function listedValue(field: UncertainUpdateField, value: unknown): string | number | undefined {
  if (value === undefined || value === null || value === '') {
    if (field === 'deviceId') return '';
    return field === 'repeatType' ? 'none' : undefined;
  }
  if (typeof value !== 'string' && typeof value !== 'number') return describe(value);
  if (field === 'deviceId' || field === 'repeatType') return normalised(field, String(value));
  return toInteger(value) ?? value;
}

function normalised(field: UncertainUpdateField, sent: string | number): string | number {
  if (field === 'deviceId') return String(sent).toUpperCase();
  if (field === 'repeatType') return String(sent).toLowerCase();
  return sent;
}

function notApplied(id: TodoId, unapplied: UnappliedField[], item: TodoListItem): DeviceCloudError {
  const said = unapplied
    .map(({ field, sent, listed }) => `${field} sent ${shown(field, sent)}, the service lists ${shown(field, listed)}`)
    .join('; ');
  return new DeviceCloudError(
    'unconfirmed',
    `update to-do ${id} not applied: ${said}. The service answered success and took the other fields, ` +
      'but does not apply these: it may not update them at all',
    { operation: 'update to-do', field: unapplied[0].field, todo: item },
  );
}

function shown(field: UncertainUpdateField, value: string | number | undefined): string {
  if (value === undefined) return 'none';
  if (field === 'deviceId' && value === '') return 'none (a personal to-do)';
  return typeof value === 'number' ? String(value) : JSON.stringify(value);
}
