// Stands in for a stylesheet in component tests: a CSS module's class names are their own keys
// (styles.card is 'card'); a plain stylesheet's import gets the same harmless object.
const classNames: Record<string, string> = new Proxy({}, { get: (_, key) => (typeof key === 'string' ? key : undefined) });
export default classNames;
