import type { ValidationError } from 'class-validator';
import { fieldErrors } from './field-errors.js';
import { PARTS_CONTEXT } from './rule.decorator.js';

const error = (property: string, constraints: Record<string, string> | undefined, more: Partial<ValidationError> = {}): ValidationError => ({ property, constraints, children: [], ...more }) as ValidationError;

describe('fieldErrors', () => {
  it('keeps the first message of each field, in order, nested fields by path', () => {
    expect(
      fieldErrors([
        error('title', { rule: 'Title is required', other: 'second' }),
        error('owner', undefined, { children: [error('name', { rule: 'Name?' }), error('name', { rule: 'again' })] }),
        error('title', { rule: 'later' }),
      ]),
    ).toEqual({ title: 'Title is required', 'owner.name': 'Name?' });
  });

  it('spreads a field with parts into one message per part', () => {
    const parts = (v: unknown) => (v === 'bad' ? { '': 'List?' } : { '0.url': 'Url?', '2.title': 'Title?' });
    const e = (value: unknown) => error('buttons', { [PARTS_CONTEXT]: 'first' }, { value, contexts: { [PARTS_CONTEXT]: { [PARTS_CONTEXT]: parts } } });
    expect(fieldErrors([e('bad')])).toEqual({ buttons: 'List?' });
    expect(fieldErrors([e([])])).toEqual({ 'buttons.0.url': 'Url?', 'buttons.2.title': 'Title?' });
  });
});
