import type { LegalDocumentContent } from './legal-types';

export const PRIVACY: LegalDocumentContent = {
  title: 'Privacy Statement and Cookie Policy',
  effective: 'October 5, 2019',
  intro: [
    'This statement explains what personal information EyeMail collects, why, and the choices you have. EyeMail is an email-marketing platform for video email, campaigns, distribution lists of contacts and analytics.',
    'It covers three groups of people: Members, who hold an EyeMail account; Contacts, the people on a Member\u2019s distribution lists who receive the Member\u2019s emails; and Visitors, who browse our website or open a public EyeMail page without an account.',
  ],
  sections: [
    {
      heading: 'Information about Members',
      bullets: [
        'Account details: your name, email address, company, country, timezone and, if you choose, a profile picture and phone number.',
        'Billing details: your plan and purchase history. Card numbers are handled by our payment processor and never stored by us.',
        'Your content: the videos, images, text and links you upload or create.',
        'Usage information: sign-ins, the pages you use, and technical data such as IP address and browser type.',
      ],
    },
    {
      heading: 'Information about Contacts',
      paragraphs: [
        'Members upload or connect their distribution lists. For each Contact we process the email address and any details the Member provides, only on the Member\u2019s behalf and according to the Member\u2019s instructions.',
        'When a Contact opens an email, clicks a link or plays a video, we record the time, an identifier for the recipient, the IP address, an approximate location derived from it, and the device, platform and email client. Members see this information in their reports.',
      ],
    },
    { heading: 'Information about Visitors', paragraphs: ['When you visit our website or open a public EyeMail page we collect standard technical data (IP address, browser, pages viewed) to keep the service secure and to understand how it is used.'] },
    {
      heading: 'Tracking pixels in sent emails',
      paragraphs: [
        'Emails sent with EyeMail content contain a tracking pixel: a tiny, invisible image that tells us when the email is opened. Links and video plays are measured in a similar way. Some email providers load images through a proxy or in advance, which we identify and separate from real opens where we can.',
        'Contacts can prevent open tracking by turning off image loading in their email program.',
      ],
    },
    { heading: 'Forward-to-a-friend', paragraphs: ['Some emails include a forward-to-a-friend link. If a Contact uses it, we use the friend\u2019s email address only to deliver that one message; we do not add it to any list or use it for anything else.'] },
    {
      heading: 'How we use information',
      bullets: [
        'To provide, secure and improve the service, including encoding and delivering video.',
        'To produce the reports Members ask for.',
        'To communicate with Members about their account, billing and important changes.',
        'To detect and prevent spam, fraud and abuse.',
        'To meet legal obligations.',
      ],
    },
    { heading: 'Data analytics and how to opt out', paragraphs: ['We analyse aggregated, de-identified usage of the service to improve it. Members can opt out of this data analytics at any time by contacting us through the Support Center; opting out does not affect the reports you see about your own campaigns.'] },
    { heading: 'Two-factor authentication', paragraphs: ['If two-factor authentication is offered to you and you turn it on, we send one-time codes by text message through a third-party messaging provider. We share your phone number with that provider only to deliver the codes.'] },
    {
      heading: 'Cookies',
      paragraphs: [
        'We use a small number of cookies that the service needs to work: a session cookie that keeps you signed in, a security cookie that protects your account against cross-site request forgery, and, if you choose "Remember me", a longer-lasting version of the session cookie.',
        'We do not use advertising cookies. You can block or delete cookies in your browser settings, but you will not be able to sign in without the essential ones.',
      ],
    },
    { heading: 'Sharing information', paragraphs: ['We do not sell personal information. We share it only with service providers who help us run EyeMail (hosting, storage, email delivery, payments and messaging), under contracts that require them to protect it, and when the law requires us to.'] },
    { heading: 'International transfers', paragraphs: ['Our providers may process information in countries other than yours. Where the law requires, we use appropriate safeguards such as standard contractual clauses.'] },
    { heading: 'How long we keep information', paragraphs: ['We keep Member information for as long as the account is open and for a limited period afterwards to meet legal and accounting obligations. Engagement records are kept while the Member\u2019s account is active, unless the Member deletes them earlier.'] },
    {
      heading: 'Security and passwords',
      paragraphs: [
        'We protect information with encrypted connections, access controls and regular reviews. Passwords are stored only as one-way hashes, so nobody at EyeMail can read them.',
        'For the same reason we can never send you your password. If you forget it, we only send instructions to reset it, using a link that expires after a short time and works once.',
      ],
    },
    { heading: 'Your rights', paragraphs: ['Depending on where you live, you may have the right to access, correct, delete or export your personal information, and to object to or restrict some processing. Members can update most details on their profile page and can make other requests through the Support Center.'] },
    { heading: 'If you are a Contact', paragraphs: ['Because we process Contact information on behalf of Members, please contact the Member who emailed you to exercise your rights. You can always use the unsubscribe link in their emails. If you cannot reach them, contact us and we will help.'] },
    { heading: 'Children', paragraphs: ['EyeMail is not intended for anyone under 18 and we do not knowingly collect information about children.'] },
    { heading: 'Changes to this statement', paragraphs: ['We may update this statement. We will post the new version here with its effective date and tell Members about material changes by email or in the dashboard.'] },
    { heading: 'Contact us', paragraphs: ['Questions about privacy? Reach us through the Support Center in the dashboard and a team member will get back to you.'] },
  ],
};
