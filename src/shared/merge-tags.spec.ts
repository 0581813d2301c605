import { isUnfilledMergeTag } from './merge-tags.js';

// Each export platform's recipient tag as the export writes it (snippets/email-platforms.ts; every
// platform there is checked against this rule in reports/machine-reason.spec.ts), and the other
// forms of the platforms' own notes.
const PLATFORM_TAGS: [string, string][] = [
  ['Mailchimp', '*|URL:EMAIL|*'],
  ['Mailchimp, unencoded', '*|EMAIL|*'],
  ['HubSpot', '{{contact.email|urlencode}}'],
  ['Salesforce Marketing Cloud', '%%emailaddr%%'],
  ['Salesforce Marketing Cloud, by key', '%%_subscriberkey%%'],
  ['Klaviyo', '{{ email }}'],
  ['Marketo', '{{lead.Email Address}}'],
  ['Constant Contact', '[[EmailAddress]]'],
  ['Campaign Monitor', '[email]'],
  ['Campaign Monitor, with a fallback', '[email,fallback=]'],
  ['SendGrid', '{{email}}'],
  ['SendGrid legacy', '[%email%]'],
  ['Brevo', '{{ contact.EMAIL }}'],
  ['ActiveCampaign', '%EMAIL%'],
  ['Pardot', '{{Recipient.Email}}'],
  ['Pardot legacy', '%%email%%'],
  ['Braze', '{{${email_address} | url_param_escape}}'],
  ['Braze attribute alone', '${email_address}'],
  ['Iterable', '{{email}}'],
  ['Mailgun', '%recipient.email%'],
  ['Mailgun mailing list', '%recipient_email%'],
  ['Customer.io', '{{customer.email | url_encode}}'],
  ['Mailjet', '[[EMAIL_TO]]'],
  ['Zoho Campaigns', '$[UD:CONTACT_EMAIL]$'],
  ['Omnisend', '[[contact.email]]'],
  ['GetResponse', '[[email]]'],
  ['AWeber', '{!email}'],
  ['a Liquid tag', '{% email %}'],
  ['##...##', '##EMAIL##'],
  ['~...~', '~email~'],
];

describe('unfilled merge tags', () => {
  it.each(PLATFORM_TAGS)('%s: %s is a tag', (_name, tag) => {
    expect(isUnfilledMergeTag(tag)).toBe(true);
  });

  it.each(PLATFORM_TAGS)('%s: %s URL-encoded once more is a tag', (_name, tag) => {
    expect(isUnfilledMergeTag(encodeURIComponent(tag))).toBe(true);
  });

  it.each([
    ['spaces around it', '  {{ email }} '],
    ['inside other text', 'x{{email}}y'],
    ['Mailchimp inside a key', 'id-*|UNIQID|*'],
  ])('a tag with %s is a tag', (_what, v) => {
    expect(isUnfilledMergeTag(v)).toBe(true);
  });

  it.each([
    ['an address', 'ann@example.com'],
    ['an address with + & %', 'a+b&c%e@example.com'],
    ['an address with # and ~', 'a#b~c@example.com'],
    ['an address in brackets of its own', '[ann]@example.com'],
    ['an address with ! and $', 'ann!$x@example.com'],
    ['an address with |', 'a|b@example.com'],
    ['an address with a percent sign at each end of its local part', '%ann%@example.com'],
    ['a subscriber key', '0031x00000AbCdE'],
    ['a key with a stray %', 'key%zz'],
    ['a URL-encoded address', 'a%2Bb%40example.com'],
    ['one brace', '{email'],
    ['empty', ''],
  ])('%s (%s) is no tag', (_what, v) => {
    expect(isUnfilledMergeTag(v)).toBe(false);
  });
});
