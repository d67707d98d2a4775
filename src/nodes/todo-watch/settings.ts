/** Seconds between two polls when the node says nothing. */
export const DEFAULT_INTERVAL_SECONDS = 60;
/** The least the dialog offers: a poll is two requests (both states), and the service names no rate. A flow written by hand may set less. */
export const DIALOG_MIN_INTERVAL_SECONDS = 10;
