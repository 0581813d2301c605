import { descriptionError, enabledError, endpointInputOf, eventsError, snippetIdsError, urlError, whenSent } from './endpoint-input.js';

const ID = '0b7c9a52-5d0e-4b8e-9f7a-0c1d2e3f4a5b';

describe('the webhook endpoint form', () => {
  it('checks each field with its own message', () => {
    expect([urlError('https://h'), urlError('  '), urlError(42), urlError(undefined)]).toEqual([null, 'Enter the address of your receiver.', 'Enter the address of your receiver.', 'Enter the address of your receiver.']);
    expect([eventsError(['eyemail.opened']), eventsError([]), eventsError('eyemail.opened')]).toEqual([null, 'Choose at least one event.', 'Choose at least one event.']);
    expect(eventsError(['eyemail.opened', 'x'.repeat(50)])).toBe(`Unknown event: ${'x'.repeat(40)}. Choose from eyemail.opened, eyemail.clicked, eyemail.played, eyemail.watched, eyemail.sound_on.`);
    expect([snippetIdsError(null), snippetIdsError(undefined), snippetIdsError([ID]), snippetIdsError(Array(100).fill(ID))]).toEqual([null, null, null, null]);
    for (const bad of [[], ['nope'], Array(101).fill(ID), ID]) expect(snippetIdsError(bad)).toBe('Choose all EyeMails, or from 1 to 100 of them.');
    expect([descriptionError(null), descriptionError(''), descriptionError('x'.repeat(200)), descriptionError('x'.repeat(201)), descriptionError(3)]).toEqual([
      null,
      null,
      null,
      'A description has at most 200 characters.',
      'A description has at most 200 characters.',
    ]);
    expect([enabledError(undefined), enabledError(false), enabledError('false')]).toEqual([null, null, 'enabled is true or false.']);
    // A change checks only the fields it sends.
    expect([whenSent(urlError)(undefined), whenSent(urlError)('')]).toEqual([null, 'Enter the address of your receiver.']);
  });

  it('reads a checked form into what is stored', () => {
    expect(endpointInputOf({ url: ' https://h.example.com/x ', events: ['eyemail.opened', 'eyemail.opened'] })).toEqual({ url: 'https://h.example.com/x', events: ['eyemail.opened'], snippetIds: null, description: null });
    expect(endpointInputOf({ url: 'https://h', events: ['eyemail.clicked'], snippetIds: [ID.toUpperCase(), ID], description: ' CRM ' })).toEqual({ url: 'https://h', events: ['eyemail.clicked'], snippetIds: [ID], description: 'CRM' });
    expect(endpointInputOf({ events: ['eyemail.clicked'], description: null }, true)).toEqual({ events: ['eyemail.clicked'], description: null });
  });
});
