import { EXPORT_OPTION_DEFAULTS } from '../shared/snippet-rules.js';
import { parseExportQuery } from './export-query.js';

describe('export query', () => {
  it('exports plain HTML with the default options when nothing is asked', () => {
    for (const raw of [undefined, {}, { emailPlatform: '' }, { emailPlatform: '   ' }]) {
      const { value, errors } = parseExportQuery(raw);
      expect(errors).toEqual({});
      expect(value!.platform.code).toBe('other');
      expect(value!.options).toEqual(EXPORT_OPTION_DEFAULTS);
    }
  });

  it('finds the platform by code in any case, and reads the options from strings', () => {
    const { value } = parseExportQuery({
      emailPlatform: ' MailChimp ',
      headerText: '  Watch this  ',
      includeHeader: 'true',
      includeUnsubscribeLink: 'true',
      removeBranding: 'false',
      preheader: ' Hello ',
    });
    expect(value!.platform.code).toBe('mailchimp');
    expect(value!.options).toEqual({ headerText: 'Watch this', includeHeader: true, includeUnsubscribeLink: true, removeBranding: false, preheader: 'Hello' });
  });

  it("includes the unsubscribe link by default where the platform's rules require one, unless asked not to", () => {
    for (const code of ['mailchimp', 'activecampaign', 'zoho-campaigns']) expect(parseExportQuery({ emailPlatform: code }).value!.options.includeUnsubscribeLink).toBe(true);
    for (const code of ['hubspot', 'constant-contact', 'other']) expect(parseExportQuery({ emailPlatform: code }).value!.options.includeUnsubscribeLink).toBe(false);
    expect(parseExportQuery({ emailPlatform: 'mailchimp', includeUnsubscribeLink: 'false' }).value!.options.includeUnsubscribeLink).toBe(false);
    expect(parseExportQuery({ emailPlatform: 'hubspot', includeUnsubscribeLink: 'true' }).value!.options.includeUnsubscribeLink).toBe(true);
  });

  it('reads the first of a repeated parameter', () => {
    const { value } = parseExportQuery({ emailPlatform: ['hubspot', 'mailchimp'], includeHeader: ['false', 'true'] });
    expect(value!.platform.code).toBe('hubspot');
    expect(value!.options.includeHeader).toBe(false);
  });

  it('refuses an unknown platform and bad options, each field with its message', () => {
    expect(parseExportQuery({ emailPlatform: 'myspace' })).toEqual({ value: null, errors: { emailPlatform: 'Please choose an email platform from the list.' } });
    expect(parseExportQuery({ emailPlatform: 'myspace', includeHeader: 'true', headerText: ' ', preheader: 'x'.repeat(151) })).toEqual({
      value: null,
      errors: {
        emailPlatform: 'Please choose an email platform from the list.',
        headerText: 'Please enter header text!',
        preheader: expect.stringMatching(/150/),
      },
    });
  });
});
