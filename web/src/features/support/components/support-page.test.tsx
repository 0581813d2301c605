// The support page's own decisions, without a server or a browser: the FAQ accordion (the first
// answer open, one at a time, the open one closing), the contact form (Invalid Field under both
// required fields with nothing sent, the Specific Issue select only for a bug report and filled
// with the user's EyeMails, what a send carries, the success dialog and the form afresh after OK)
// and the feedback dialog (a blank text refused, then Done!). Attachments uploading for real, and
// the mails the team gets, are the browser's (test/browser/support-admin.test.ts).
import { afterEach, describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithProviders } from '@/testing/render';
import { fakeApi } from '@/testing/fake-api';
import { FAQS } from '@/features/support/utils/faqs';
import { SupportPage } from './support-page';

const BRIEFS = [
  { snippet: 's1', title: 'Launch teaser', thumbnailUrl: null },
  { snippet: 's2', title: 'Spring sale', thumbnailUrl: null },
];

afterEach(() => act(() => notifications.clean()));

function renderSupport() {
  const api = fakeApi({
    'GET snippets/brief': { result: true, body: BRIEFS },
    'POST support': { result: true, body: { inquiryId: 'i1' } },
    'POST sys/feedback': { result: true, body: { feedbackId: 'f1' } },
  });
  return { ...renderWithProviders(<SupportPage />, { route: '/support', path: '/support' }), api };
}

const form = () => within(screen.getByRole('form', { name: 'Contact form' }));
// A select's list, as jsdom shows it: it runs no transitions, so its options count as hidden.
const listOf = (field: string) => within(document.getElementById(form().getByRole('combobox', { name: new RegExp(`^${field}`) }).getAttribute('aria-controls')!)!);
const option = (field: string, name: string) => listOf(field).findByRole('option', { name, hidden: true });
const options = (field: string) => listOf(field).getAllByRole('option', { hidden: true }).map((o) => o.textContent);

// The spec's questions, in its order (spec 02, Support page).
const FAQ_QUESTIONS = [
  'How long should my video be?',
  'Which video format should I upload?',
  'Which email service providers does EyeMail work with?',
  'How is an EyeMail different from a standard email?',
  'Will an EyeMail make my email heavy or send it to spam?',
  'What can I use EyeMail for?',
  'Which email clients and devices does it work on?',
  'Why EyeMail?',
];

describe('FAQ accordion', () => {
  const control = (q: string) => screen.getByRole('button', { name: q });
  const expanded = () => FAQ_QUESTIONS.map((q) => control(q).getAttribute('aria-expanded') === 'true');

  it('opens the first answer, one at a time, and closes the open one when it is clicked', async () => {
    const { user } = renderSupport();
    expect(screen.getByRole('heading', { name: 'Welcome to EyeMail Support' })).toBeTruthy();
    expect(screen.getByText('FAQs, Contact and Chat')).toBeTruthy();
    expect(screen.getByText("We are here to help! We'll be in contact soon")).toBeTruthy();
    expect(FAQS.map((f) => f.question)).toEqual(FAQ_QUESTIONS);
    expect(expanded()).toEqual(FAQ_QUESTIONS.map((_, i) => i === 0));
    expect(screen.getByText(/Around 30 seconds is the sweet spot/)).toBeTruthy();
    await user.click(control(FAQ_QUESTIONS[4]));
    expect(expanded()).toEqual(FAQ_QUESTIONS.map((_, i) => i === 4));
    expect(screen.getByText(/about 15 KB on average/)).toBeTruthy();
    await user.click(control(FAQ_QUESTIONS[4]));
    expect(expanded()).toEqual(FAQ_QUESTIONS.map(() => false));
  });
});

describe('contact form', () => {
  it('names both required fields and sends nothing while they are empty', async () => {
    const { user, api } = renderSupport();
    expect((form().getByRole('combobox', { name: /^Inquiry Type/ }) as HTMLInputElement).placeholder).toBe('Please select an option');
    expect(form().queryByRole('combobox', { name: /^Specific Issue/ })).toBeNull();
    await user.click(form().getByRole('button', { name: 'Send' }));
    expect(form().getAllByText('Invalid Field')).toHaveLength(2);
    expect(api.bodiesOf('POST support')).toEqual([]);
  });

  it("offers the user's EyeMails for a bug report only, and sends the one chosen with the message", async () => {
    const { user, api } = renderSupport();
    await user.click(form().getByRole('combobox', { name: /^Inquiry Type/ }));
    expect(options('Inquiry Type')).toEqual(['General Inquiry', 'Feature Suggestion', 'Bug / Issues']);
    await user.click(await option('Inquiry Type', 'Bug / Issues'));
    expect(form().getByText('Optionally select the EyeMail in which you encountered the bug')).toBeTruthy();
    const issue = form().getByRole('combobox', { name: /^Specific Issue/ }) as HTMLInputElement;
    expect(api.calls.filter((c) => c.route === 'GET snippets/brief')).toHaveLength(1);
    // Disabled while the list loads.
    await waitFor(() => expect(issue.disabled).toBe(false));
    await user.click(issue);
    await user.click(await option('Specific Issue', 'Launch teaser'));
    expect(issue.value).toBe('Launch teaser');

    // Another type hides it, and what is sent then carries no EyeMail.
    await user.click(form().getByRole('combobox', { name: /^Inquiry Type/ }));
    await user.click(await option('Inquiry Type', 'General Inquiry'));
    expect(form().queryByRole('combobox', { name: /^Specific Issue/ })).toBeNull();
    await user.click(form().getByRole('combobox', { name: /^Inquiry Type/ }));
    await user.click(await option('Inquiry Type', 'Bug / Issues'));
    await user.click(form().getByRole('combobox', { name: /^Specific Issue/ }));
    await user.click(await option('Specific Issue', 'Spring sale'));

    const message = form().getByRole('textbox', { name: /^Message/ }) as HTMLTextAreaElement;
    expect(message.placeholder).toBe('Please type your message here');
    expect(message.rows).toBe(4);
    await user.type(message, '  The video stops after two seconds in Outlook.  ');
    await user.click(form().getByRole('button', { name: 'Send' }));
    const sent = await screen.findByRole('dialog', { name: 'Inquiry sent' });
    expect(within(sent).getByText('Thank you for your inquiry. A team member will be in touch with you shortly.')).toBeTruthy();
    expect(api.bodiesOf('POST support')).toEqual([{ type: 'Bug / Issues', snippetId: 's2', message: 'The video stops after two seconds in Outlook.', attachments: [] }]);

    // OK starts the form afresh.
    await user.click(within(sent).getByRole('button', { name: 'OK' }));
    expect((form().getByRole('combobox', { name: /^Inquiry Type/ }) as HTMLInputElement).value).toBe('');
    expect((form().getByRole('textbox', { name: /^Message/ }) as HTMLTextAreaElement).value).toBe('');
    expect(form().queryByRole('combobox', { name: /^Specific Issue/ })).toBeNull();
  });

  it('a General Inquiry sends no EyeMail and never asks for the list', async () => {
    const { user, api } = renderSupport();
    await user.click(form().getByRole('combobox', { name: /^Inquiry Type/ }));
    await user.click(await option('Inquiry Type', 'General Inquiry'));
    await user.type(form().getByRole('textbox', { name: /^Message/ }), 'Can I change my plan?');
    await user.click(form().getByRole('button', { name: 'Send' }));
    await screen.findByRole('dialog', { name: 'Inquiry sent' });
    expect(api.bodiesOf('POST support')).toEqual([{ type: 'General Inquiry', snippetId: null, message: 'Can I change my plan?', attachments: [] }]);
    expect(api.calls.some((c) => c.route === 'GET snippets/brief')).toBe(false);
  });
});

describe('feedback dialog', () => {
  it('refuses a blank text, then sends the words and says Done!', async () => {
    const { user, api } = renderSupport();
    await user.click(screen.getByRole('button', { name: 'Send us feedback' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send feedback' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Your feedback' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByText('Please write something to submit.')).toBeTruthy();
    expect(api.bodiesOf('POST sys/feedback')).toEqual([]);
    await user.clear(within(dialog).getByRole('textbox', { name: 'Your feedback' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Your feedback' }), 'The GIF fallback is brilliant.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    const done = await screen.findByRole('dialog', { name: 'Done!' });
    expect(within(done).getByText("Thank you for your feedback. We'll be processing your request as fast as we can.")).toBeTruthy();
    expect(api.bodiesOf('POST sys/feedback')).toEqual([{ text: 'The GIF fallback is brilliant.' }]);
  });
});
