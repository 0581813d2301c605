// The eight questions of the support page (spec 02, Support page), in our own words. What they
// say about mail clients is rendered from the client table (@shared/client-claims).
import { gifFamiliesInWords, videoClientsInWords } from '@shared/client-claims';

const VIDEO_CLIENTS = videoClientsInWords();

export interface Faq {
  question: string;
  answer: string;
}

export const FAQS: Faq[] = [
  {
    question: 'How long should my video be?',
    answer:
      `Around 30 seconds is the sweet spot for a campaign: long enough to tell a story, short enough to be watched to the end. Videos autoplay in the inbox for up to 60 seconds (in ${VIDEO_CLIENTS}; an animated preview elsewhere).`,
  },
  {
    question: 'Which video format should I upload?',
    answer: 'Upload an MP4 (a .mov from your phone works too). We recommend keeping it under 200 MB; we encode it for email for you.',
  },
  {
    question: 'Which email service providers does EyeMail work with?',
    answer:
      'Any email service provider that lets you upload or paste your own HTML: Mailchimp, HubSpot, Salesforce Marketing Cloud, Constant Contact and many more. Export your EyeMail as HTML and drop it into your campaign.',
  },
  {
    question: 'How is an EyeMail different from a standard email?',
    answer:
      `A standard email shows text and still images. An EyeMail plays your video right in the inbox, for up to 60 seconds, without the reader having to click anywhere first: in ${VIDEO_CLIENTS}, on desktop and mobile. Other clients show an animated preview of it.`,
  },
  {
    question: 'Will an EyeMail make my email heavy or send it to spam?',
    answer:
      'No. The EyeMail code adds about 15 KB on average, the video itself streams from our servers, and it does not raise your spam score.',
  },
  {
    question: 'What can I use EyeMail for?',
    answer: 'Customer communications, product launches, event marketing and invitations, employee engagement, onboarding, newsletters and more: anywhere a face and a voice say it better than text.',
  },
  {
    question: 'Which email clients and devices does it work on?',
    answer:
      `All of them: desktop email, webmail and mobile. Your video plays by itself in ${VIDEO_CLIENTS}; everywhere else (${gifFamiliesInWords()}) readers see an animated preview that opens the full video with one tap.`,
  },
  {
    question: 'Why EyeMail?',
    answer: 'Our mission is simple: every message deserves to be Seen, Heard and Felt. EyeMail puts a real person back into email.',
  },
];
