import 'reflect-metadata';
import { InvalidInputError } from '../../common/domain-error.js';
import { checkBody as check } from '../../common/validation/input-check.fixtures.js';
import { INPUT_PIPE } from '../../common/validation/input.pipe.js';
import { CreateEndpointDto, UpdateEndpointDto } from './endpoint.dto.js';

const ID = '0b7c9a52-5d0e-4b8e-9f7a-0c1d2e3f4a5b';

describe('the webhook endpoint DTOs', () => {
  it('take a new endpoint, its own fields only', async () => {
    expect(await check(CreateEndpointDto, { url: 'https://h.example.com', events: ['eyemail.opened'], snippetIds: [ID], secret: 'mine', enabled: false })).toEqual({
      value: { url: 'https://h.example.com', events: ['eyemail.opened'], snippetIds: [ID] },
      errors: {},
    });
  });

  it('refuse a new endpoint field by field, in the form order', async () => {
    expect((await check(CreateEndpointDto, {})).errors).toEqual({ url: 'Enter the address of your receiver.', events: 'Choose at least one event.' });
    expect((await check(CreateEndpointDto, { url: ' ', events: ['nope'], snippetIds: [], description: 'x'.repeat(201) })).errors).toEqual({
      url: 'Enter the address of your receiver.',
      events: expect.stringMatching(/^Unknown event: nope\./),
      snippetIds: 'Choose all EyeMails, or from 1 to 100 of them.',
      description: 'A description has at most 200 characters.',
    });
    await expect(INPUT_PIPE.transform([], { type: 'body', metatype: CreateEndpointDto, data: undefined })).rejects.toBeInstanceOf(InvalidInputError);
  });

  it('take a change of any field, checking only those sent', async () => {
    expect(await check(UpdateEndpointDto, { enabled: false })).toEqual({ value: { enabled: false }, errors: {} });
    expect(await check(UpdateEndpointDto, { description: null, snippetIds: null })).toEqual({ value: { description: null, snippetIds: null }, errors: {} });
    expect((await check(UpdateEndpointDto, { url: '', enabled: 'no' })).errors).toEqual({ url: 'Enter the address of your receiver.', enabled: 'enabled is true or false.' });
  });
});
