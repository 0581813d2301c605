// The recipient rules moved to src/shared (tracking in reports needs them too); kept here for the
// snippets module's own imports.
export * from '../../shared/receiver.js';
