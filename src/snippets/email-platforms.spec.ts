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
    expect(tags.hubspot).toEqual(['{{contact.email}}', '{{unsubscribe_link}}']);
    expect(tags['salesforce-marketing-cloud']).toEqual(['%%emailaddr%%', '%%unsub_center_url%%']);
    expect(tags.klaviyo).toEqual(['{{ email }}', '{% unsubscribe_link %}']);
    expect(tags.activecampaign).toEqual(['%EMAIL%', '%UNSUBSCRIBELINK%']);
    expect(findEmailPlatform('campaign-monitor').unsubscribeStyle).toBe('element');
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
