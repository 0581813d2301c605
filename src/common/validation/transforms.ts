// How a DTO's fields are read from what a client sent, before their rules check them. Only the
// top level of a body or query is copied onto the DTO and each field is read by its own pure
// function: values are never walked (a JSON body nested thousands of levels deep would overflow
// the stack of a recursive copy), and the rules judge the values as sent, as the dashboard's do.

export type FieldReader = (value: unknown) => unknown;

const READERS = new WeakMap<object, Map<string, FieldReader>>();

// A field read through a pure function (often one of src/shared) before its rule checks it.
export function ReadAs(read: FieldReader): PropertyDecorator {
  return (target, propertyName) => {
    const own = READERS.get(target) ?? new Map<string, FieldReader>();
    own.set(String(propertyName), read);
    READERS.set(target, own);
  };
}

export const trimText: FieldReader = (value) => (typeof value === 'string' ? value.trim() : value);

// Text fields read without their surrounding spaces (an address pasted with a trailing space);
// anything that is not text is left for the field's rule to refuse.
export const Trimmed = (): PropertyDecorator => ReadAs(trimText);

function readersOf(cls: abstract new () => unknown): Map<string, FieldReader> {
  const all = new Map<string, FieldReader>();
  for (let proto = cls.prototype as object | null; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
    for (const [field, read] of READERS.get(proto) ?? []) if (!all.has(field)) all.set(field, read);
  }
  return all;
}

// An instance of the DTO class holding the sent fields (the own enumerable keys of an object,
// read by their readers); an array or any other value is handed back as it is, for the pipe to
// refuse. Fields the DTO does not declare are dropped afterwards by the validation (whitelist).
export function readInput<T>(cls: new () => T, sent: unknown): T | unknown {
  if (sent === null || typeof sent !== 'object' || Array.isArray(sent)) return sent;
  const dto = new cls() as Record<string, unknown>;
  const readers = readersOf(cls);
  for (const key of Object.keys(sent)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    const value = (sent as Record<string, unknown>)[key];
    const read = readers.get(key);
    Object.defineProperty(dto, key, { value: read ? read(value) : value, enumerable: true, writable: true, configurable: true });
  }
  return dto;
}
