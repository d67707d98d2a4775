/**
 * Every rule of the specification (sections 4, 7 and 8) and of our node contract,
 * each once: a parse function takes an unknown value and returns it in the shape
 * the service wants, typed so that only it makes one, or throws a validation
 * error that names the field and the rule.
 */
export * from './primitives';
export * from './limits';
export * from './page-budget';
export * from './ids';
export * from './display';
export * from './todos';
export * from './todo-sync';
