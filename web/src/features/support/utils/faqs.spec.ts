import { describe, expect, it } from '@jest/globals';
import { gifFamiliesInWords, videoClientsInWords } from '@shared/client-claims';
import { MAIL_CLIENTS, mediaFor } from '@shared/client-video';
import { FAQS } from './faqs';

const answer = (question: RegExp) => FAQS.find((f) => question.test(f.question))!.answer;

describe('the support FAQ', () => {
  it('has the eight questions of the spec', () => {
    expect(FAQS).toHaveLength(8);
  });

  it('says where the video plays as the client table does', () => {
    const clients = answer(/Which email clients/);
    expect(clients).toContain(`Your video plays by itself in ${videoClientsInWords()}`);
    expect(clients).toContain(gifFamiliesInWords());
    expect(answer(/How long/)).toContain(videoClientsInWords());
    expect(answer(/different from a standard email/)).toContain(videoClientsInWords());
  });

  it('names a client that gets the GIF only in the list of those that get the animated preview', () => {
    const gifOnly = MAIL_CLIENTS.filter((c) => mediaFor(c) === 'gif').flatMap((c) => [c.name, c.family]);
    for (const { answer } of FAQS) {
      const rest = answer.replace(`(${gifFamiliesInWords()})`, '');
      for (const name of gifOnly) expect(rest).not.toContain(name);
    }
  });
});
