import type { ValidationError } from 'class-validator';
import { PARTS_CONTEXT, type PartsRule } from './rule.decorator.js';

// class-validator's errors as the API sends them: the first message per field, in the order the
// DTO declares its fields (the order the forms show them); nested fields as "field.part".
// Pure.
export function fieldErrors(errors: readonly ValidationError[], prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (key: string, message: string) => {
    if (!(key in out)) out[key] = message;
  };
  for (const e of errors) {
    const key = `${prefix}${e.property}`;
    const [name, message] = Object.entries(e.constraints ?? {})[0] ?? [];
    const parts = name ? (e.contexts?.[name]?.[PARTS_CONTEXT] as PartsRule | undefined) : undefined;
    if (parts) {
      for (const [part, m] of Object.entries(parts(e.value))) put(part ? `${key}.${part}` : key, m);
    } else if (message !== undefined) {
      put(key, message);
    }
    if (e.children?.length) for (const [k, m] of Object.entries(fieldErrors(e.children, `${key}.`))) put(k, m);
  }
  return out;
}
