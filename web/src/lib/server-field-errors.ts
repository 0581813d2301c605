// A refused request's field errors (the server's field name -> message) put on a form's own
// fields, by a table naming which server field is which form field. Fields the table does not
// name stay out (their message is the toast's).
export function serverFieldErrors<F extends string>(errors: Record<string, string> | null, fields: Readonly<Record<string, F>>): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  if (!errors) return out;
  for (const [k, v] of Object.entries(errors)) if (Object.hasOwn(fields, k)) out[fields[k]] = v;
  return out;
}
