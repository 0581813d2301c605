// View models for outgoing mail, built by pure functions so what a mail says is unit-tested.
// Templates (views/mail) receive only these; Handlebars escapes every value in the HTML part.

export type MailTemplateName = 'verify-email' | 'reset-password';

export interface MailContent {
  template: MailTemplateName;
  subject: string;
  model: Record<string, string | number | boolean>;
  links: string[];
}

// A dashboard page link with a one-time token, e.g. https://app.example.com/resetpassword?token=...
export function accountLink(publicBaseUrl: string, page: 'resetpassword' | 'emailverification', token: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/${page}?token=${encodeURIComponent(token)}`;
}

function greetingName(firstName: string | null | undefined): string {
  return (firstName ?? '').trim() || 'there';
}

export function verificationMail(input: { firstName: string | null; link: string; hours: number; addressChanged?: boolean }): MailContent {
  return {
    template: 'verify-email',
    subject: 'Verify your email address for EyeMail',
    model: {
      name: greetingName(input.firstName),
      link: input.link,
      hours: input.hours,
      intro: input.addressChanged
        ? 'You changed the email address of your EyeMail account. Please confirm the new address.'
        : 'Welcome to EyeMail! Please confirm your email address to finish setting up your account.',
    },
    links: [input.link],
  };
}

export function passwordResetMail(input: { firstName: string | null; link: string; minutes: number }): MailContent {
  return {
    template: 'reset-password',
    subject: 'Reset your EyeMail password',
    model: { name: greetingName(input.firstName), link: input.link, minutes: input.minutes },
    links: [input.link],
  };
}
