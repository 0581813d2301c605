// Merge tags a sending platform did not fill in: a preview, a test send, or the marketer opening
// the exported HTML themselves. Such a v= names no recipient (the same fake person for everyone);
// the ingest keeps the event and classes it as a test (ingest/machine-reason.ts), and the report
// never shows the tag as a viewer.
//
// Recognised: each export platform's own recipient tag (snippets/email-platforms.ts; its unit table
// in reports/machine-reason.spec.ts checks every one), the platforms' other tag syntax left over
// (*|...|*, {{...}}, {%...%}, %%...%%, %...%, [[...]], [...], $[...]$, {!...}, ${...}, ##...##,
// ~...~), and the same once more URL-encoded. Pure and cheap: it runs on the tracking hot path, and
// a value without any of the syntax's characters is answered by one character-class test.

// The characters every tag syntax below needs at least one of.
const TAG_CHARS = /[|{}%[\]$#~!]/;

// Syntax that no address or subscriber key holds anywhere: Mailchimp *|EMAIL|*, Handlebars, HubL and
// Liquid {{...}} and {%...%}, Salesforce %%...%%, Constant Contact, Mailjet, Omnisend and
// GetResponse [[...]], Zoho $[...]$, AWeber {!...}.
const TAG_ANYWHERE = /\*\|[^|]*\|\*|\{\{[\s\S]*\}\}|\{%[\s\S]*%\}|%%[^%\s][^%]*%%|\[\[[^\]]+\]\]|\$\[[^\]]+\]\$|\{![^}]+\}/;

// Syntax that is a tag only as the whole value (an address may hold these characters): ActiveCampaign
// and Mailgun %EMAIL%, %recipient.email%; SendGrid's legacy [%email%]; Campaign Monitor [email] and
// [email,fallback=]; ${email} (Braze's attribute inside Liquid, Velocity); ##email## and ~email~.
const TAG_WHOLE = /^(?:%[\w.]+%|\[%[\w. ]+%\]|\[[A-Za-z_][\w .]*(?:,[^\]]*)?\]|\$\{[^}]+\}|##[^#]+##|~[\w. ]+~)$/;

function looksLikeTag(v: string): boolean {
  return TAG_ANYWHERE.test(v) || TAG_WHOLE.test(v);
}

export function isUnfilledMergeTag(value: string): boolean {
  if (!TAG_CHARS.test(value)) return false;
  const v = value.trim();
  if (looksLikeTag(v)) return true;
  // URL-encoded once more than the tracker decodes (%7B%7Bemail%7D%7D, %2A%7CEMAIL%7C%2A).
  if (!v.includes('%')) return false;
  try {
    const decoded = decodeURIComponent(v).trim();
    return decoded !== v && looksLikeTag(decoded);
  } catch {
    return false;
  }
}
