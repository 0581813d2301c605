// The invite dialog's own decisions, without a server: how typed addresses become the list sent
// (one a line or comma separated, trimmed, lower-cased, once each), which address is named as
// wrong (nothing sent then), the list's limits, the server's per-address refusals and its answer.
import { describe, expect, it, jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/testing/render';
import { fakeApi } from '@/testing/fake-api';
import { checkAddresses, InviteDialog } from './invite-dialog';

const WS = '6f1c3a52-8d2e-4b7a-9c1d-2e3f4a5b6c7d';

// The dialog, open (its content arrives with the modal's transition).
async function open() {
  const onClose = jest.fn();
  const r = renderWithProviders(<InviteDialog workspaceId={WS} companyName="Acme" opened onClose={onClose} />);
  await screen.findByRole('button', { name: 'Send invitations' });
  return { ...r, onClose, addresses: () => screen.getByLabelText(/^Email addresses/), send: () => r.user.click(screen.getByRole('button', { name: 'Send invitations' })) };
}

const invitation = (email: string) => ({ id: `id-${email}`, email, role: 'viewer', inviterName: 'Olive Owner', sentAt: '2026-11-29T10:00:00.000Z', expiresAt: '2026-12-06T10:00:00.000Z', expired: false });

describe('checkAddresses', () => {
  it('reads one address a line or separated by commas, semicolons or spaces; trimmed, lower-cased, once each, in order', () => {
    expect(checkAddresses(' Ann@Acme.com,bob@acme.com\n\n  cid@acme.com ; ann@acme.com  dee@acme.com,,').emails).toEqual(['ann@acme.com', 'bob@acme.com', 'cid@acme.com', 'dee@acme.com']);
  });

  it('names each bad address, and the list when it is empty or too long', () => {
    expect(checkAddresses('ann@acme.com, not-an-address, x@y')).toEqual({
      emails: ['ann@acme.com', 'not-an-address', 'x@y'],
      listError: null,
      errors: { 'not-an-address': 'Invalid email', 'x@y': 'Invalid email' },
    });
    expect(checkAddresses(' ,\n ').listError).toBe('Enter one to 20 email addresses.');
    const many = Array.from({ length: 21 }, (_, i) => `p${i}@acme.com`).join('\n');
    expect(checkAddresses(many).listError).toBe('Enter one to 20 email addresses.');
    expect(checkAddresses(many.split('\n').slice(0, 20).join('\n'))).toMatchObject({ listError: null, errors: {} });
  });
});

describe('invite dialog', () => {
  it('sends nothing while an address is wrong or none is given, and says which', async () => {
    const api = fakeApi({});
    const d = await open();
    await d.send();
    expect(screen.getByText('Enter one to 20 email addresses.')).toBeTruthy();
    await d.user.type(d.addresses(), 'ann@acme.com, bob@');
    await d.send();
    expect(screen.getByRole('alert').textContent).toContain('bob@: Invalid email');
    expect(screen.getByRole('alert').textContent).not.toContain('ann@acme.com');
    expect(api.calls).toEqual([]);
  });

  it('sends the addresses once each with the chosen role, then shows who was invited and who was not', async () => {
    const api = fakeApi({
      'POST workspace/invitations': {
        result: true,
        message: '1 invitation sent. 1 address was skipped.',
        body: { invited: [invitation('ann@acme.com')], skipped: [{ email: 'bob@acme.com', reason: 'member', message: 'Already a member of this company.' }], mailFailed: [] },
      },
    });
    const d = await open();
    await d.user.type(d.addresses(), 'Ann@Acme.com{enter}bob@acme.com, ann@acme.com');
    expect((screen.getByRole('combobox', { name: /^Role/ }) as HTMLSelectElement).value).toBe('editor');
    await d.user.selectOptions(screen.getByRole('combobox', { name: /^Role/ }), 'Viewer');
    await d.send();
    expect(await screen.findByText('1 invitation sent. 1 address was skipped.')).toBeTruthy();
    expect(api.bodiesOf('POST workspace/invitations')).toEqual([{ emails: ['ann@acme.com', 'bob@acme.com'], role: 'viewer' }]);
    expect(api.calls[0].url.pathname).toBe('/api/workspace/invitations');
    expect(screen.getByText('ann@acme.com')).toBeTruthy();
    expect(screen.getByText('bob@acme.com: Already a member of this company.')).toBeTruthy();
  });

  it("shows the server's refusal of one address by that address, and a refusal of the whole request as such", async () => {
    let answer: Parameters<typeof fakeApi>[0][string] = { result: false, message: 'Invalid request', errors: { 'emails.1': 'Invalid email' } };
    fakeApi({ 'POST workspace/invitations': (...args) => (typeof answer === 'function' ? answer(...args) : answer) });
    const d = await open();
    await d.user.type(d.addresses(), 'ann@acme.com\nbob@acme.com');
    await d.send();
    expect((await screen.findByRole('alert')).textContent).toContain('bob@acme.com: Invalid email');

    answer = { result: false, message: 'This company has all its 25 seats taken (members and pending invitations).' };
    await d.send();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Not sent');
    expect(alert.textContent).toContain('all its 25 seats taken');
  });
});
