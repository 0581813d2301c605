import { Transform } from 'class-transformer';
import { Allow, ValidateBy } from 'class-validator';

// Runs one of the shared account rules (src/shared/account-rules.ts) as a class-validator
// constraint, so the server reports exactly the message the dashboard shows.
export function Rule(check: (value: unknown, dto: Record<string, unknown>) => string | null): PropertyDecorator {
  return ValidateBy({
    name: 'accountRule',
    validator: {
      validate: (value, args) => check(value, (args?.object ?? {}) as Record<string, unknown>) === null,
      defaultMessage: (args) => check(args?.value, (args?.object ?? {}) as Record<string, unknown>) ?? 'Invalid value',
    },
  });
}

// Strips surrounding spaces from a string field before it is checked and used.
export const Trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

// A field the service checks itself (e.g. a link token, with its own message).
export const Checked = Allow;
