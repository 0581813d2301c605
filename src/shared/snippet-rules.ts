// Snippet (EyeMail) validation rules and their messages (spec 01 section 5), shared by the server
// and the dashboard forms so both say exactly the same thing. Pure: no Node, Nest or React imports.
// Field rules return the message to show, or null when the value is fine.
// The rules live in snippet-rules/ by concern; this module gathers them for callers.

export * from './snippet-rules/limits.js';
export * from './snippet-rules/fields.js';
export * from './snippet-rules/buttons.js';
export * from './snippet-rules/form.js';
export * from './snippet-rules/export-options.js';
export * from './snippet-rules/preview-query.js';
