import { MailTemplates } from './mail-templates.js';
import { passwordResetMail, verificationMail } from './mail-views.js';

describe('mail templates', () => {
  const templates = new MailTemplates();

  it('renders an HTML and a text part with the link', () => {
    const { template, model } = passwordResetMail({ firstName: 'Ann', link: 'https://app.example.com/resetpassword?token=abc', minutes: 60 });
    const { html, text } = templates.render(template, model);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('href="https://app.example.com/resetpassword?token&#x3D;abc"');
    expect(html).toContain('<title>Reset your password</title>');
    expect(text).toContain('https://app.example.com/resetpassword?token=abc');
    expect(text).toContain('expires in 60 minutes');
  });

  it('escapes every value in the HTML part, not in the text part', () => {
    const { template, model } = verificationMail({ firstName: '<script>x</script>&"\'', link: 'https://a/b?c=1&d="2"', hours: 48 });
    const { html, text } = templates.render(template, model);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;&amp;&quot;&#x27;');
    expect(html).toContain('href="https://a/b?c&#x3D;1&amp;d&#x3D;&quot;2&quot;"');
    expect(text).toContain('Hi <script>x</script>&"\',');
  });

  it('fails on a view model missing a field instead of sending a half-empty mail', () => {
    expect(() => templates.render('reset-password', { name: 'Ann' })).toThrow();
  });
});
