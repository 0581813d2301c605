import 'reflect-metadata';
import { checkBody as check } from '../../common/validation/input-check.fixtures.js';
import { CreateTokenDto } from './create-token.dto.js';

describe('the API token DTO', () => {
  it('takes a name and refuses a missing, blank or long one', async () => {
    expect(await check(CreateTokenDto, { name: 'Zapier', scopes: ['admin'] })).toEqual({ value: { name: 'Zapier' }, errors: {} });
    for (const name of [undefined, '   ', 42]) expect((await check(CreateTokenDto, { name })).errors).toEqual({ name: 'Give the token a name, such as the tool that will use it.' });
    expect((await check(CreateTokenDto, { name: 'x'.repeat(81) })).errors).toEqual({ name: 'A token name has at most 80 characters.' });
  });
});
