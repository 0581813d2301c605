import { InvalidInputError } from '../domain-error.js';
import { INPUT_PIPE } from './input.pipe.js';

// For the unit tests of a module's DTOs: a body through the pipe the routes use, and what the
// service would receive (the filled DTO) or each field's message.
export async function checkBody<T>(cls: new () => T, sent: unknown): Promise<{ value: T | null; errors: Record<string, string> }> {
  try {
    return { value: (await INPUT_PIPE.transform(sent, { type: 'body', metatype: cls, data: undefined })) as T, errors: {} };
  } catch (e) {
    if (e instanceof InvalidInputError) return { value: null, errors: e.fieldErrors ?? {} };
    throw e;
  }
}
