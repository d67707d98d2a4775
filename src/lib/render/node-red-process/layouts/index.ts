/** Built-in layouts: starting points the dialog offers and the example flows use, each with a sample message. */
import { bigValue } from './big-value';
import { calendar } from './calendar';
import type { Layout } from './layout';
import { notice } from './notice';
import { todoList } from './todo-list';
import { weather } from './weather';
import { wifiCard } from './wifi-card';

export type { Layout } from './layout';

export const LAYOUTS: readonly Layout[] = [bigValue, todoList, notice, weather, wifiCard, calendar];
