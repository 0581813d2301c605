import 'reflect-metadata';
import { InvalidInputError } from '../domain-error.js';
import { INPUT_PIPE } from './input.pipe.js';
import { Field, OptionalField, PartsRuleOf } from './rule.decorator.js';
import { Trimmed } from './transforms.js';

const required = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? null : 'Name is required');

class Sample {
  @Field({ maxLength: 10 }, (v) => (typeof v === 'string' && v.length <= 10 ? null : 'Too long or missing'))
  @Trimmed()
  name: string;

  @Field({}, (v, input) => (v === input.name ? null : 'Must repeat the name'))
  again: string;

  @OptionalField({}, (v) => (v === undefined || typeof v === 'number' ? null : 'A number please'))
  count?: number;

  @PartsRuleOf((v) => (Array.isArray(v) ? Object.fromEntries(v.flatMap((x, i) => (required(x) ? [[`${i}.title`, required(x)!]] : []))) : { '': 'A list please' }))
  items: string[];
}

const run = (value: unknown) => INPUT_PIPE.transform(value, { type: 'body', metatype: Sample, data: undefined });

async function errorOf(value: unknown): Promise<InvalidInputError> {
  try {
    await run(value);
  } catch (e) {
    if (e instanceof InvalidInputError) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('InputPipe (class-validator with the shared rules)', () => {
  it('gives the DTO with its fields read, and drops what it does not declare', async () => {
    const dto = (await run({ name: ' Ann ', again: 'Ann', items: ['a'], role: 'admin', id: 7 })) as Sample;
    expect(dto).toBeInstanceOf(Sample);
    expect({ ...dto }).toEqual({ name: 'Ann', again: 'Ann', items: ['a'] });
  });

  it('answers with the first message and each field’s own, in the order the DTO declares them', async () => {
    const e = await errorOf({ count: 'x', again: 'Bob', name: 'far too long a name', items: ['', 'b', ' '] });
    expect(e.message).toBe('Too long or missing');
    expect(e.fieldErrors).toEqual({ name: 'Too long or missing', again: 'Must repeat the name', count: 'A number please', 'items.0.title': 'Name is required', 'items.2.title': 'Name is required' });
    expect(Object.keys(e.fieldErrors!)).toEqual(['name', 'again', 'count', 'items.0.title', 'items.2.title']);
  });

  it('names the field itself when the whole of a field with parts is wrong', async () => {
    expect((await errorOf({ name: 'Ann', again: 'Ann', items: 'nope' })).fieldErrors).toEqual({ items: 'A list please' });
  });

  it('reads no body as an empty one, and refuses an array as a whole', async () => {
    expect(Object.keys((await errorOf(undefined)).fieldErrors!)).toEqual(['name', 'items']);
    const e = await errorOf([{ name: 'Ann' }]);
    expect(e.message).toBe('Validation failed (object is expected)');
    expect(e.fieldErrors).toEqual({ body: 'Validation failed (object is expected)' });
  });

  it('keeps prototype keys out', async () => {
    const dto = await run(JSON.parse('{"name":"Ann","again":"Ann","items":[],"__proto__":{"polluted":1}}'));
    expect((dto as unknown as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('survives a deeply nested value in a declared field', async () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 3000; i++) deep = { a: deep };
    expect((await errorOf({ name: deep, again: 'Ann', items: [] })).fieldErrors).toMatchObject({ name: 'Too long or missing' });
  });
});
