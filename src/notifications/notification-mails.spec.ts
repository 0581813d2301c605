import { digestMail, eventMail, subjectReceiver, summaryMail } from './notification-mails.js';

const links = { reportLink: 'https://app.example.com/reports/1', unsubscribeLink: 'https://app.example.com/notifications/unsubscribe?token=a.b', unsubscribeAllLink: 'https://app.example.com/notifications/unsubscribe?token=c.d' };

describe('notification mails', () => {
  it('say who did what to which EyeMail, on one line, with one-click unsubscribe headers', () => {
    const mail = eventMail({ firstName: '', receiver: ' ada@example.com\n', snippetTitle: 'Spring\r\nlaunch', kind: 'half', occurredAt: new Date('2026-01-02T03:04:05Z'), ...links });
    expect(mail.subject).toBe('ada@example.com watched at least half of Spring launch');
    expect(mail.model).toMatchObject({ name: 'there', receiver: 'ada@example.com', when: '2026-01-02 03:04 UTC' });
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${links.unsubscribeLink}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail.links).toEqual([links.reportLink, links.unsubscribeLink, links.unsubscribeAllLink]);
  });

  it('sum up a digest and list its events in order', () => {
    const mail = digestMail({
      firstName: 'Nora',
      receiver: 'fay@example.com',
      snippetTitle: 'Launch',
      events: [
        { kind: 'open', occurredAt: new Date('2026-01-02T03:00:00Z') },
        { kind: 'click', occurredAt: new Date('2026-01-02T03:10:00Z') },
      ],
      ...links,
    });
    expect(mail.subject).toBe('Digest: fay@example.com and Launch (1 open, 1 click)');
    expect(mail.model.lines).toBe('2026-01-02 03:00 UTC: opened\n2026-01-02 03:10 UTC: clicked');
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it("keep what the sender wrote in v= from making the subject misleading or long", () => {
    const base = { firstName: 'Nora', snippetTitle: 'Spring launch', kind: 'open' as const, occurredAt: new Date('2026-01-02T03:04:05Z'), ...links };
    // A header of its own, a bidi override, a message posing as the subject, a long one.
    expect(eventMail({ ...base, receiver: 'x@example.com\r\nBcc: all@example.com' }).subject).toBe('"x@example.com Bcc: all@example.com" opened Spring launch');
    expect(eventMail({ ...base, receiver: 'ann\u202Emoc.elpmaxe@evil.example' }).subject).toBe('"ann moc.elpmaxe@evil.example" opened Spring launch');
    expect(eventMail({ ...base, receiver: 'Your account is locked: sign in at evil.example' }).subject).toBe('"Your account is locked: sign in at evil.example" opened Spring launch');
    const long = eventMail({ ...base, receiver: `${'a'.repeat(300)}@example.com` });
    expect(long.subject.length).toBeLessThan(110);
    expect(long.subject).not.toMatch(/[\r\n]/);
    expect(subjectReceiver('say "hi"')).toBe(`"say 'hi'"`);
  });

  it("sum up the capped events: how many more people did what, none named", () => {
    const mail = summaryMail({ firstName: 'Nora', snippetTitle: 'Spring\nlaunch', lines: ['37 more people opened', '1 more person clicked'], ...links });
    expect(mail.template).toBe('notify-summary');
    expect(mail.subject).toBe('And 37 more people opened, 1 more person clicked Spring launch');
    expect(mail.model.lines).toBe('And 37 more people opened "Spring launch".\nAnd 1 more person clicked "Spring launch".');
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });
});
