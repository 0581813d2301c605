import 'reflect-metadata';
import { InvalidInputError } from '../../common/domain-error.js';
import { INPUT_PIPE } from '../../common/validation/input.pipe.js';
import { CreateTokenDto } from './create-token.dto.js';

// The token form through the pipe the route uses: what the service receives, or the message.
async function check(cls: new () => unknown, sent: unknown): Promise<{ value: Record<string, unknown> | null; errors: Record<string, string> }> {
  try {
    const dto = (await INPUT_PIPE.transform(sent, { type: 'body', metatype: cls, data: undefined })) as object;
    return { value: { ...dto }, errors: {} };
  } catch (e) {
    if (e instanceof InvalidInputError) return { value: null, errors: e.fieldErrors ?? {} };
    throw e;
  }
}

describe('the API token DTO', () => {
  it('takes a name and refuses a missing, blank or long one', async () => {
    expect(await check(CreateTokenDto, { name: 'Zapier', scopes: ['admin'] })).toEqual({ value: { name: 'Zapier' }, errors: {} });
    for (const name of [undefined, '   ', 42]) expect((await check(CreateTokenDto, { name })).errors).toEqual({ name: 'Give the token a name, such as the tool that will use it.' });
    expect((await check(CreateTokenDto, { name: 'x'.repeat(81) })).errors).toEqual({ name: 'A token name has at most 80 characters.' });
  });
});
