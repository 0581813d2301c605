import fs from 'node:fs';
import path from 'node:path';
import { publicAssetsDir } from '../common/paths.js';
import { escapeHtml } from './email-escape.js';
import { EMAIL_PLATFORMS, findEmailPlatform, isKnownPlatformCode, listEmailPlatforms } from './email-platforms.js';

describe('email platforms', () => {
  it('lists the platforms marketers use, plus plain HTML', () => {
    const names = EMAIL_PLATFORMS.map((p) => p.name);
    for (const expected of [
      'Mailchimp',
      'HubSpot',
      'Salesforce Marketing Cloud',
      'Klaviyo',
      'Marketo',
      'Constant Contact',
      'Campaign Monitor',
      'SendGrid',
      'Brevo',
      'ActiveCampaign',
      'Salesforce Account Engagement (Pardot)',
      'Braze',
      'Iterable',
      'Mailgun',
      'Customer.io',
      'Mailjet',
      'Zoho Campaigns',
      'Omnisend',
      'GetResponse',
      'AWeber',
      'Other / plain HTML',
    ]) {
      expect(names).toContain(expected);
    }
    const codes = EMAIL_PLATFORMS.map((p) => p.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9-]+$/);
  });

  it.each(EMAIL_PLATFORMS.map((p) => [p.code, p] as const))('%s has an icon the app serves and usable tags', (code, p) => {
    expect(p.iconPath).toBe(`/static/platforms/${code}.svg`);
    const svg = fs.readFileSync(path.join(publicAssetsDir, 'platforms', `${code}.svg`), 'utf8');
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).not.toMatch(/<script|on\w+=/i);
    if (code === 'other') {
      expect(p.recipientTag).toBe('');
      expect(p.unsubscribeTag).toBeNull();
      return;
    }
    expect(p.recipientTag).not.toBe('');
    expect(p.unsubscribeTag).toBeTruthy();
    // Written into href attributes as is: HTML escaping must leave them untouched.
    expect(escapeHtml(p.recipientTag)).toBe(p.recipientTag);
    if (p.unsubscribeStyle === 'href') expect(escapeHtml(p.unsubscribeTag!)).toBe(p.unsubscribeTag);
    // No already percent-encoded tags.
    expect(p.recipientTag).not.toMatch(/%[0-9A-F]{2}/i);
  });

  it('has each platform\'s own syntax', () => {
    const tags = Object.fromEntries(EMAIL_PLATFORMS.map((p) => [p.code, [p.recipientTag, p.unsubscribeTag]]));
    expect(tags.mailchimp).toEqual(['*|URL:EMAIL|*', '*|UNSUB|*']);
    // HubL's urlencode filter: the address arrives URL-encoded.
    expect(tags.hubspot).toEqual(['{{contact.email|urlencode}}', '{{unsubscribe_link}}']);
    // Mailgun batch sending's recipient variable, not the Mailing Lists one (%recipient_email%).
    expect(tags.mailgun).toEqual(['%recipient.email%', '%unsubscribe_url%']);
    expect(tags.getresponse).toEqual(['[[email]]', '[[remove]]']);
    expect(tags.aweber).toEqual(['{!email}', '{!remove_web}']);
    expect(tags['zoho-campaigns']).toEqual(['$[UD:CONTACT_EMAIL]$', '$[LI:UNSUBSCRIBE]$']);
    expect(tags['constant-contact']).toEqual(['[[EmailAddress]]', '[[UnsubscribeLink]]']);
    expect(tags['salesforce-marketing-cloud']).toEqual(['%%emailaddr%%', '%%unsub_center_url%%']);
    expect(tags.klaviyo).toEqual(['{{ email }}', '{% unsubscribe_link %}']);
    expect(tags.activecampaign).toEqual(['%EMAIL%', '%UNSUBSCRIBELINK%']);
    expect(findEmailPlatform('campaign-monitor').unsubscribeStyle).toBe('element');
  });

  it('marks the tags that URL-encode the address', () => {
    const encoded = EMAIL_PLATFORMS.filter((p) => p.recipientTagUrlEncoded).map((p) => p.code);
    expect(encoded).toEqual(['mailchimp', 'hubspot', 'braze', 'customer-io']);
  });

  it('names the source of every platform\'s tags beside it', () => {
    // Each platform(...) entry but plain HTML follows a comment naming where its tags come from.
    const source = fs.readFileSync(new URL('./email-platforms.ts', import.meta.url), 'utf8');
    for (const p of EMAIL_PLATFORMS.filter((x) => x.code !== 'other')) {
      const at = source.indexOf(`'${p.code}',`);
      expect(at).toBeGreaterThan(0);
      const before = source.slice(0, at).split('\n').slice(-9).join('\n');
      expect(before).toMatch(new RegExp(`// ${p.name.split(' ')[0].replace(/[.()]/g, '\\$&')}`));
    }
  });

  it('marks the platforms whose rules require an unsubscribe link in every email, so the export includes one by default', () => {
    const required = EMAIL_PLATFORMS.filter((p) => p.unsubscribeRequired).map((p) => p.code);
    expect(required).toEqual(['mailchimp', 'salesforce-marketing-cloud', 'klaviyo', 'activecampaign', 'pardot', 'mailjet', 'zoho-campaigns']);
    // Only a platform with an unsubscribe tag can require it.
    for (const p of EMAIL_PLATFORMS.filter((x) => x.unsubscribeRequired)) expect(p.unsubscribeTag).toBeTruthy();
    expect(listEmailPlatforms().find((p) => p.code === 'mailchimp')).toMatchObject({ unsubscribeRequired: true });
    expect(listEmailPlatforms().find((p) => p.code === 'hubspot')).toMatchObject({ unsubscribeRequired: false });
  });

  it('finds platforms case-insensitively and falls back to plain HTML', () => {
    expect(findEmailPlatform(' MailChimp ').code).toBe('mailchimp');
    expect(findEmailPlatform('nope').code).toBe('other');
    expect(findEmailPlatform(undefined).code).toBe('other');
    expect(findEmailPlatform({ code: 'mailchimp' }).code).toBe('other');
    expect(isKnownPlatformCode('hubspot')).toBe(true);
    expect(isKnownPlatformCode('__proto__')).toBe(false);
  });

  it('answers global/email-platforms with code, name and an icon URL', () => {
    const list = listEmailPlatforms('https://app.example.com/');
    expect(list).toHaveLength(EMAIL_PLATFORMS.length);
    expect(list[0]).toEqual(expect.objectContaining({ code: 'mailchimp', name: 'Mailchimp', iconUrl: 'https://app.example.com/static/platforms/mailchimp.svg' }));
    expect(listEmailPlatforms()[0].iconUrl).toBe('/static/platforms/mailchimp.svg');
  });
});
