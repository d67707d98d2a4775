/**
 * The to-do sync's merge of a to-do's content when both sides changed it, field by field: each side (the device's
 * to-do and the list's item) is compared with what it held at the last sync, and each field takes the value of the
 * side that changed it; a field both sides changed to different values takes the list's. The due date and time are
 * one field, and so are the repeat and its day: a person sets them together. A field neither side changed keeps
 * the device's value (a change told before, which the list did not take).
 *
 * The merge needs the fields each side held at the last sync. The memory holds them; the mark's digest only tells
 * which version a side held. Without them (another machine, a memory lost) the content is merged whole: the list's
 * when the list changed it, else the device's.
 */
import type { RepeatType } from '../../values';
import type { Base } from './description-mark';
import { contentDigest, type TodoContent, type TodoVersion } from './todo-content';

/** The fields merged as one: a field of the content belongs to exactly one. */
export const FIELD_GROUPS = {
  title: ['title'],
  description: ['description'],
  due: ['dueDate', 'dueTime'],
  priority: ['priority'],
  repeat: ['repeatType', 'repeatWeekday', 'repeatMonth', 'repeatDay'],
} as const satisfies Record<string, readonly (keyof TodoContent)[]>;

export type FieldGroup = keyof typeof FIELD_GROUPS;
const GROUPS = Object.keys(FIELD_GROUPS) as FieldGroup[];

/** Fields of a to-do as an item of the list names them; a repeat day the repeat has none of is left out. */
export interface TodoFields {
  title?: string;
  description?: string;
  dueDate?: string;
  dueTime?: string;
  priority?: number;
  repeatType?: RepeatType;
  repeatWeekday?: number;
  repeatMonth?: number;
  repeatDay?: number;
}

export interface ContentMerge {
  /** The content the device is to end with. */
  content: TodoContent;
  /** The fields a person changed on the device that the list does not have: reported, and kept. */
  fromDevice: TodoFields;
}

/** What holds a to-do's fields: a content, an item; a field left out is none. */
type Fields = Partial<Record<keyof TodoContent, unknown>>;

/** A field group is the same on both. */
export function sameFields(group: FieldGroup, a: Fields, b: Fields): boolean {
  return FIELD_GROUPS[group].every((field) => (a[field] ?? null) === (b[field] ?? null));
}

/** The groups of fields whose values differ between `a` and `b`. */
export function differingGroups(a: Fields, b: Fields): FieldGroup[] {
  return GROUPS.filter((group) => !sameFields(group, a, b));
}

/** The fields of groups of a content, as an item names them. */
export function fieldsOf(content: TodoContent, groups: readonly FieldGroup[]): TodoFields {
  const fields: Record<string, unknown> = {};
  for (const group of groups) {
    for (const field of FIELD_GROUPS[group]) if (content[field] !== null) fields[field] = content[field];
  }
  return fields;
}

/**
 * The merge of the device's content and the list's, each side's base being what it held at the last sync (its
 * digest, as the memory or the mark tells it); `remembered` are the contents the memory holds, among which a base's
 * fields are found by its digest.
 */
export function mergeContent(
  device: TodoVersion,
  list: TodoVersion,
  bases: { device: Base; list: Base },
  remembered: readonly TodoContent[],
): ContentMerge {
  const deviceBase = contentOfDigest(bases.device.content, remembered);
  const listBase = contentOfDigest(bases.list.content, remembered);
  if (!deviceBase || !listBase) return mergeWhole(device, list, bases);
  const content = { ...device.content };
  const fromDevice: FieldGroup[] = [];
  for (const group of differingGroups(device.content, list.content)) {
    if (!sameFields(group, list.content, listBase)) {
      Object.assign(content, pick(list.content, group));
    } else if (!sameFields(group, device.content, deviceBase)) {
      fromDevice.push(group);
    }
  }
  return { content, fromDevice: fieldsOf(device.content, fromDevice) };
}

/** Without each side's fields at the last sync: the list's content when the list changed it, else the device's. */
function mergeWhole(device: TodoVersion, list: TodoVersion, bases: { device: Base; list: Base }): ContentMerge {
  if (bases.list.content !== list.digest) return { content: list.content, fromDevice: {} };
  if (bases.device.content === device.digest) return { content: device.content, fromDevice: {} };
  return {
    content: device.content,
    fromDevice: fieldsOf(device.content, differingGroups(device.content, list.content)),
  };
}

function contentOfDigest(digest: string | undefined, remembered: readonly TodoContent[]): TodoContent | undefined {
  return digest === undefined ? undefined : remembered.find((content) => contentDigest(content) === digest);
}

function pick(content: TodoContent, group: FieldGroup): Partial<TodoContent> {
  return Object.fromEntries(FIELD_GROUPS[group].map((field) => [field, content[field]]));
}
