// A company's activity without a server: each entry's words (actor, what they did, to whom, the
// detail) and its date, newest first; Show older asks for the entries before the last one shown
// and is gone after the last page; the empty and the failed log say so.
import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { AUDIT_PAGE_SIZE, type AuditEntry } from '@shared/workspace-audit';
import { renderWithProviders } from '@/testing/render';
import { fakeApi, type Answer } from '@/testing/fake-api';
import { formatDateTime } from '@/lib/date-format';
import { AuditLog } from './audit-log';

const entry = (id: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  action: 'invitation.sent',
  actorName: 'Olive Owner',
  subject: `person${id}@acme.example`,
  detail: null,
  createdAt: new Date(Date.UTC(2026, 10, 1, 9, 0) + id * 60_000).toISOString(),
  ...over,
});

function render(answer: Answer) {
  const api = fakeApi({ 'GET workspace/audit': answer });
  return { ...renderWithProviders(<AuditLog workspaceId="acme" />), api };
}

const lines = (list: HTMLElement) => within(list).getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent);

describe('the activity of a company', () => {
  it('says each entry as one line with its date, newest first, asking of the company shown', async () => {
    const { api } = render({
      result: true,
      body: [
        entry(4, { action: 'ownership.transferred', subject: 'adam@acme.example' }),
        entry(3, { action: 'member.role_changed', subject: 'bob@acme.com', detail: 'Viewer → Editor' }),
        entry(2, { action: 'token.created', actorName: 'Adam Admin', subject: 'CRM sync' }),
        entry(1, { action: 'company.created', subject: 'Acme' }),
      ],
    });
    const list = await screen.findByRole('list', { name: 'Activity' });
    expect(lines(list)).toEqual([
      'Olive Owner transferred the ownership to adam@acme.example',
      'Olive Owner changed the role of bob@acme.com (Viewer → Editor)',
      'Adam Admin made the API token CRM sync',
      'Olive Owner made the company Acme',
    ]);
    const first = within(list).getAllByRole('listitem')[0]!;
    const time = first.querySelector('time')!;
    expect(time.getAttribute('datetime')).toBe(entry(4).createdAt);
    expect(time.textContent).toBe(formatDateTime(entry(4).createdAt));
    expect(time.textContent).not.toBe('');
    // The first page: no cursor; a short page is the last, so nothing older to show.
    expect(api.calls.map((c) => c.url.searchParams.get('before'))).toEqual([null]);
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
  });

  it('Show older asks for the entries before the last one shown, and is gone after the last page', async () => {
    // 50 newest (ids 75..26), then the 25 before them.
    const all = Array.from({ length: AUDIT_PAGE_SIZE + 25 }, (_, i) => entry(AUDIT_PAGE_SIZE + 25 - i));
    const { user, api } = render((_body, url) => {
      const before = url.searchParams.get('before');
      const older = all.filter((e) => before === null || e.id < Number(before));
      return { result: true, body: older.slice(0, AUDIT_PAGE_SIZE) };
    });
    const list = await screen.findByRole('list', { name: 'Activity' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(AUDIT_PAGE_SIZE);
    await user.click(screen.getByRole('button', { name: 'Show older' }));
    await screen.findByText('person1@acme.example');
    expect(within(list).getAllByRole('listitem')).toHaveLength(AUDIT_PAGE_SIZE + 25);
    expect(api.calls.map((c) => c.url.searchParams.get('before'))).toEqual([null, '26']);
    // Still newest first, the older page under the first.
    expect(lines(list).slice(AUDIT_PAGE_SIZE - 1, AUDIT_PAGE_SIZE + 1)).toEqual(['Olive Owner invited person26@acme.example', 'Olive Owner invited person25@acme.example']);
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
  });

  it('an empty log says what will show there', async () => {
    render({ result: true, body: [] });
    expect(await screen.findByText('Nothing yet: invitations, role changes and integrations show here.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Activity' })).toBeNull();
  });

  it('a failed log says so in the server’s words and may be asked again', async () => {
    let fail = true;
    const { user } = render(() => (fail ? { result: false, message: 'You do not have access to this company.' } : { result: true, body: [entry(1, { action: 'member.left', actorName: 'Ed Editor', subject: 'ed@acme.example', detail: 'Editor' })] }));
    expect(await screen.findByText('You do not have access to this company.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const list = await screen.findByRole('list', { name: 'Activity' });
    expect(lines(list)).toEqual(['Ed Editor left the company ed@acme.example (Editor)']);
  });
});
