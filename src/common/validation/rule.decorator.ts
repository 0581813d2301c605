import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { registerDecorator } from 'class-validator';

// A field rule from src/shared (the one the dashboard runs too): the message to show for this
// value, or null when it is fine. The whole input is given for rules that compare fields (a
// password confirmation).
export type FieldRule = (value: unknown, input: Record<string, unknown>) => string | null;

// The rule of a field made of parts (a list of buttons): the message of each failing part keyed by
// its path inside the field ('' for the field as a whole); empty when every part is fine.
export type PartsRule = (value: unknown) => Record<string, string>;

// The name under which a parts rule travels in a ValidationError's contexts (see field-errors.ts).
export const PARTS_CONTEXT = 'parts';

// class-validator's custom constraint for one field: the shared rule decides, and its message is
// the one sent. One rule per field, so a field has one message, the first its rule finds.
export function Rule(rule: FieldRule): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'rule',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value, args) => rule(value, (args?.object ?? {}) as Record<string, unknown>) === null,
        defaultMessage: (args) => (args ? rule(args.value, args.object as Record<string, unknown>) : null) ?? 'Invalid request',
      },
    });
}

export function PartsRuleOf(rule: PartsRule): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: PARTS_CONTEXT,
      target: target.constructor,
      propertyName: String(propertyName),
      options: { context: { [PARTS_CONTEXT]: rule } },
      validator: {
        validate: (value) => Object.keys(rule(value)).length === 0,
        defaultMessage: (args) => Object.values(rule(args?.value))[0] ?? 'Invalid request',
      },
    });
}

// A request field: its OpenAPI description and its check, side by side on the DTO property, so
// the document at /api/docs and the validation come from one place (limits from the same
// src/shared constants the rule uses).
export function Field(schema: ApiPropertyOptions, rule: FieldRule): PropertyDecorator {
  return applyDecorators(ApiProperty(schema), Rule(rule));
}

export function OptionalField(schema: ApiPropertyOptions, rule: FieldRule): PropertyDecorator {
  return applyDecorators(ApiPropertyOptional(schema), Rule(rule));
}
