import type { EmailPlatformView } from '../shared/api-types.js';

// The email platforms an EyeMail can be exported for (global/email-platforms). Each platform
// replaces its own merge tags when it sends, so the export writes them literally: the recipient tag
// goes into every link's v= parameter and the unsubscribe tag into the unsubscribe link.
// Where a platform has a URL-encoding form of its address tag, that form is used, so addresses
// such as a+b&c#d%e@example.com arrive intact. Elsewhere the platform writes the address as it is:
// the tracker reads v= from the raw query string (receiver.ts), so "+", "&" and "%" still arrive
// intact; a "#" starts the URL's fragment, which browsers never send, so only an encoding tag
// can carry it. Every tag names its source beside it.

export type UnsubscribeStyle =
  | 'href' // the tag is a URL: <a href="TAG">
  | 'element' // the platform's own element that it turns into a link: <unsubscribe>…</unsubscribe>
  | 'none'; // no tag: the unsubscribe option is left out

export interface EmailPlatform {
  code: string;
  name: string;
  // Served by the app from public/platforms/<code>.svg.
  iconPath: string;
  // Empty for plain HTML: links then carry no v= parameter.
  recipientTag: string;
  // The platform URL-encodes the address it writes for recipientTag.
  recipientTagUrlEncoded: boolean;
  unsubscribeTag: string | null;
  unsubscribeStyle: UnsubscribeStyle;
  // The platform's rules require an unsubscribe link in every email (UNSUBSCRIBE_REQUIRED): the
  // export includes ours unless asked not to.
  unsubscribeRequired: boolean;
  // Markup the platform requires in the body of a whole email (written into the full document
  // export only: a block pasted into an existing email finds it there already).
  documentBodyTag: string;
  notes: string;
}

// What global/email-platforms answers for each platform (src/shared/api-types.ts).
export type EmailPlatformDto = EmailPlatformView;

export const DEFAULT_PLATFORM_CODE = 'other';

// The platforms whose own rules require an unsubscribe link (their tag) in every email, each with
// where it says so. The others add a footer of their own (HubSpot, Marketo, Constant Contact,
// Omnisend, GetResponse, AWeber) or leave it to the sender: a second link there is a choice.
const UNSUBSCRIBE_REQUIRED: ReadonlySet<string> = new Set([
  // Mailchimp Knowledge Base: "All campaigns must include our properly coded *|UNSUB|* tag".
  'mailchimp',
  // Salesforce Help, Marketing Cloud "Headers and Footers": every email must include
  // %%profile_center_url%% and %%unsub_center_url%% (checked at send unless switched off).
  'salesforce-marketing-cloud',
  // Klaviyo Help: "Klaviyo requires an unsubscribe link to be present in all emails".
  'klaviyo',
  // ActiveCampaign: %UNSUBSCRIBELINK% is required in every campaign (its notes below).
  'activecampaign',
  // Salesforce Account Engagement refuses to save an HTML email without its unsubscribe tag.
  'pardot',
  // Mailjet Documentation: every marketing email must include an unsubscribe link.
  'mailjet',
  // Zoho Campaigns help: $[LI:UNSUBSCRIBE]$ is required in custom templates.
  'zoho-campaigns',
]);

function platform(
  code: string,
  name: string,
  recipientTag: string,
  unsubscribeTag: string | null,
  notes: string,
  unsubscribeStyle: UnsubscribeStyle = unsubscribeTag ? 'href' : 'none',
  documentBodyTag = '',
  recipientTagUrlEncoded = false,
): EmailPlatform {
  const unsubscribeRequired = UNSUBSCRIBE_REQUIRED.has(code) && unsubscribeStyle !== 'none';
  return { code, name, iconPath: `/static/platforms/${code}.svg`, recipientTag, recipientTagUrlEncoded, unsubscribeTag, unsubscribeStyle, unsubscribeRequired, documentBodyTag, notes };
}

export const EMAIL_PLATFORMS: readonly EmailPlatform[] = Object.freeze([
  // Mailchimp: "All the Merge Tags Cheat Sheet" (*|EMAIL|*, the *|URL:...|* encoding modifier, *|UNSUB|*).
  platform(
    'mailchimp',
    'Mailchimp',
    '*|URL:EMAIL|*',
    '*|UNSUB|*',
    '*|URL:EMAIL|* is the URL-encoded form of *|EMAIL|*. Mailchimp requires *|UNSUB|* somewhere in every campaign.',
    'href',
    '',
    true,
  ),
  // HubSpot: HubL variables reference (contact.email, unsubscribe_link) and HubL filters
  // (urlencode: "Escapes and URL encodes a string"). No spaces: the tag sits inside a URL.
  platform(
    'hubspot',
    'HubSpot',
    '{{contact.email|urlencode}}',
    '{{unsubscribe_link}}',
    'Paste into a coded email template or the source view of a rich text module. HubSpot also adds its own subscription footer.',
    'href',
    '',
    true,
  ),
  // Salesforce Marketing Cloud: personalization strings (%%emailaddr%%, %%unsub_center_url%%).
  platform(
    'salesforce-marketing-cloud',
    'Salesforce Marketing Cloud',
    '%%emailaddr%%',
    '%%unsub_center_url%%',
    'To report by subscriber key instead of email address, replace %%emailaddr%% with %%_subscriberkey%%.',
  ),
  // Klaviyo: template tags reference ({{ email }}, {% unsubscribe_link %} for the bare URL).
  platform(
    'klaviyo',
    'Klaviyo',
    '{{ email }}',
    '{% unsubscribe_link %}',
    '{% unsubscribe_link %} is the bare unsubscribe URL ({% unsubscribe %} would write a whole link).',
  ),
  // Marketo: tokens reference ({{lead.Email Address}}, {{system.unsubscribeLink}}).
  platform(
    'marketo',
    'Marketo',
    '{{lead.Email Address}}',
    '{{system.unsubscribeLink}}',
    'Marketo adds its own unsubscribe footer unless the email already has an unsubscribe link.',
  ),
  // Constant Contact: "Designing HTML for Custom Code Emails" (developer.constantcontact.com,
  // api_guide/design_code_emails: [[trackingImage]] inside <body>, personalization tags in double
  // square brackets). The address tag [[EmailAddress]] and the unsubscribe tag [[UnsubscribeLink]]
  // were not in the parts of that guide within reach; Constant Contact adds its own footer with an
  // unsubscribe link to every custom code email either way. Confirm with a test send.
  platform(
    'constant-contact',
    'Constant Contact',
    '[[EmailAddress]]',
    '[[UnsubscribeLink]]',
    'Use a custom code email; the downloaded file already has the [[trackingImage]] tag Constant Contact requires. Constant Contact also adds its own footer with an unsubscribe link.',
    'href',
    '[[trackingImage]]',
  ),
  // Campaign Monitor: template language ([email], <unsubscribe>).
  platform(
    'campaign-monitor',
    'Campaign Monitor',
    '[email]',
    '<unsubscribe>',
    'Campaign Monitor turns the <unsubscribe> element into the recipient\u2019s unsubscribe link.',
    'element',
  ),
  // SendGrid: Marketing Campaigns substitution tags ({{email}}, {{{unsubscribe}}} as in its own unsubscribe module).
  platform(
    'sendgrid',
    'SendGrid',
    '{{email}}',
    '{{{unsubscribe}}}',
    'For Marketing Campaigns (Single Sends). Legacy campaigns use [%email%] and [unsubscribe].',
  ),
  // Brevo: template language ({{ contact.EMAIL }}, {{ unsubscribe }}).
  platform('brevo', 'Brevo', '{{ contact.EMAIL }}', '{{ unsubscribe }}', 'Brevo (formerly Sendinblue) template language.'),
  // ActiveCampaign: personalization tags (%EMAIL%, %UNSUBSCRIBELINK%).
  platform(
    'activecampaign',
    'ActiveCampaign',
    '%EMAIL%',
    '%UNSUBSCRIBELINK%',
    'ActiveCampaign requires %UNSUBSCRIBELINK% in every campaign.',
  ),
  // Salesforce Account Engagement: Handlebars Merge Language field list (Salesforce Help "HML Merge
  // Fields"; the PML-to-HML table maps %%unsubscribe%% to {{Unsubscribe}}, %%email%% to
  // {{Recipient.Email}}). The unsubscribe tag is {{Unsubscribe}}, capital U, two braces.
  platform(
    'pardot',
    'Salesforce Account Engagement (Pardot)',
    '{{Recipient.Email}}',
    '{{Unsubscribe}}',
    'Handlebars Merge Language (HML). Accounts still on the older Pardot merge language use %%email%% and %%unsubscribe%%.',
  ),
  // Braze: "Supported personalization tags" ({{${email_address}}}; {{${set_user_to_unsubscribed_url}}}
  // replaces the older {{${unsubscribe_url}}}) and its url_param_escape Liquid filter.
  platform(
    'braze',
    'Braze',
    '{{${email_address} | url_param_escape}}',
    '{{${set_user_to_unsubscribed_url}}}',
    'Liquid; url_param_escape encodes the address for use in a link. Emails made before Braze renamed it may use {{${unsubscribe_url}}}, which still works.',
    'href',
    '',
    true,
  ),
  // Iterable: "Universal Merge Parameters" ({{unsubscribeUrl}}; {{hostedUnsubscribeUrl}} for a hosted
  // preference centre) and user profile fields ({{email}}).
  platform('iterable', 'Iterable', '{{email}}', '{{unsubscribeUrl}}', 'Iterable Handlebars. For your hosted preference centre use {{hostedUnsubscribeUrl}}.'),
  // Mailgun: "Batch Sending" (documentation.mailgun.com, user manual: a recipient variable is
  // %recipient.<key>% for each key of the recipient-variables JSON) and "Tracking Messages"
  // unsubscribe variables (%unsubscribe_url%, %tag_unsubscribe_url%, %mailing_list_unsubscribe_url%).
  // Batch sending is how most senders use Mailgun; the Mailing Lists variable is %recipient_email%.
  platform(
    'mailgun',
    'Mailgun',
    '%recipient.email%',
    '%unsubscribe_url%',
    'For batch sending: give every recipient an "email" key in recipient-variables, e.g. {"ann@example.com": {"email": "ann@example.com"}}. Sending to a Mailing List? Replace %recipient.email% with %recipient_email%. Use %tag_unsubscribe_url% to unsubscribe from a tag only.',
  ),
  // Customer.io: Liquid reference (customer.email, the url_encode filter) and "Unsubscribes"
  // ({% unsubscribe_url %} is a tag; {{unsubscribe_url}} renders nothing).
  platform(
    'customer-io',
    'Customer.io',
    '{{customer.email | url_encode}}',
    '{% unsubscribe_url %}',
    'Liquid; url_encode encodes the address for use in a link.',
    'href',
    '',
    true,
  ),
  // Mailjet: personalization variables ([[EMAIL_TO]], [[UNSUB_LINK_<LANG>]]).
  platform(
    'mailjet',
    'Mailjet',
    '[[EMAIL_TO]]',
    '[[UNSUB_LINK_EN]]',
    'For an unsubscribe page in another language use [[UNSUB_LINK_FR]], [[UNSUB_LINK_DE]] and so on.',
  ),
  // Zoho Campaigns: help "Unsubscribes" ($[LI:UNSUBSCRIBE]$ is required in custom templates) and
  // merge tags $[UD:<FIELD>|fallback]$ (UD: the contact's own fields). Zoho's field list is not in
  // its public pages; Zoho Campaigns templates in use write the contact's address as
  // $[UD:CONTACT_EMAIL]$ (also $[UD:CONTACT_EMAIL||]$ in prefill links), not $[EMAIL]$.
  // Confirm with a test send.
  platform(
    'zoho-campaigns',
    'Zoho Campaigns',
    '$[UD:CONTACT_EMAIL]$',
    '$[LI:UNSUBSCRIBE]$',
    'Zoho Campaigns asks for $[LI:UNSUBSCRIBE]$ in every custom template.',
  ),
  // Omnisend: help "Personalization in channels" ([[contact.<property>]], double square brackets)
  // and its unsubscribe link tag [[unsubscribe_link]].
  platform('omnisend', 'Omnisend', '[[contact.email]]', '[[unsubscribe_link]]', 'Omnisend also adds its own footer.'),
  // GetResponse: Help Center "merge words" ([[email]] for the contact's address, [[remove]] for the
  // unsubscribe link). GetResponse's pages were not within reach to re-check; confirm with a test
  // send. GetResponse adds its own footer with an unsubscribe link as well.
  platform(
    'getresponse',
    'GetResponse',
    '[[email]]',
    '[[remove]]',
    'Paste into a custom HTML message. GetResponse also adds its own footer with an unsubscribe link.',
  ),
  // AWeber: Knowledge Base "personalization snippets" ({!email}; {!remove_web}, the unsubscribe link
  // AWeber's support gives, as quoted in aweber/AWeber-API-PHP-Library issue 40 on GitHub).
  platform(
    'aweber',
    'AWeber',
    '{!email}',
    '{!remove_web}',
    'Paste into a custom HTML message. AWeber also adds its own footer with an unsubscribe link.',
  ),
  platform(
    DEFAULT_PLATFORM_CODE,
    'Other / plain HTML',
    '',
    null,
    'No merge tags: links carry no recipient, so opens and clicks are counted without a name. To see who engaged, add v=<your platform\u2019s email merge tag> to the links, or pick your platform.',
  ),
]);

const BY_CODE = new Map(EMAIL_PLATFORMS.map((p) => [p.code, p]));

// Looks a platform up by code, case-insensitively; unknown or missing codes give plain HTML.
export function findEmailPlatform(code: unknown): EmailPlatform {
  if (typeof code === 'string') {
    const hit = BY_CODE.get(code.trim().toLowerCase());
    if (hit) return hit;
  }
  return BY_CODE.get(DEFAULT_PLATFORM_CODE)!;
}

export function isKnownPlatformCode(code: unknown): boolean {
  return typeof code === 'string' && BY_CODE.has(code.trim().toLowerCase());
}

// Icon URLs are absolute when a public base URL is given (the dashboard can use the path alone).
export function toEmailPlatformDto(p: EmailPlatform, publicBaseUrl?: string): EmailPlatformDto {
  const base = publicBaseUrl ? publicBaseUrl.replace(/\/+$/, '') : '';
  return { code: p.code, name: p.name, iconUrl: `${base}${p.iconPath}`, recipientTag: p.recipientTag, unsubscribeTag: p.unsubscribeTag, unsubscribeRequired: p.unsubscribeRequired, notes: p.notes };
}

export function listEmailPlatforms(publicBaseUrl?: string): EmailPlatformDto[] {
  return EMAIL_PLATFORMS.map((p) => toEmailPlatformDto(p, publicBaseUrl));
}
