// The Change password card's own decisions, without a server or a browser: two new passwords that
// differ, or a new one the same as the current, are named and nothing is sent; the server's refusal
// of a wrong current password is said; a change is sent once right and the fields are emptied.
// That only the new password signs in afterwards is the browser's (test/browser/account-journey.test.ts).
import { afterEach, describe, expect, it } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithProviders } from '@/testing/render';
import { fakeApi, type Envelope } from '@/testing/fake-api';
import { ChangePasswordCard } from './change-password-card';

const ROUTE = 'PUT users/profile-password';

afterEach(() => act(() => notifications.clean()));

function renderCard(answer: Envelope = { result: true, message: 'Password updated successfully', body: null }) {
  const api = fakeApi({ [ROUTE]: answer });
  const view = renderWithProviders(<ChangePasswordCard />);
  const card = within(screen.getByRole('region', { name: 'Change password' }));
  const fill = async (current: string, next: string, confirm: string) => {
    for (const [label, value] of [[/^Current password/, current], [/^New password/, next], [/^Confirm new password/, confirm]] as const) {
      const field = card.getByLabelText(label);
      await view.user.clear(field);
      await view.user.click(field);
      await view.user.paste(value);
    }
    await view.user.click(card.getByRole('button', { name: 'Update password' }));
  };
  return { ...view, api, card, fill };
}

describe('Change password', () => {
  it('names new passwords that differ, or one the same as the current, and sends nothing', async () => {
    const { api, card, fill } = renderCard();
    await fill('Welcome123', 'Newpass456', 'Newpass457');
    expect(card.getByText('Passwords do not match.')).toBeTruthy();
    await fill('Welcome123', 'Welcome123', 'Welcome123');
    expect(card.getByText('Please enter a password different than the current one')).toBeTruthy();
    expect(card.queryByText('Passwords do not match.')).toBeNull();
    expect(api.bodiesOf(ROUTE)).toEqual([]);
  });

  it("says the server's refusal of a wrong current password", async () => {
    const { api, fill } = renderCard({ result: false, message: 'Your current password is incorrect.', errors: { currentPassword: 'Your current password is incorrect.' } });
    await fill('NotMine999', 'Newpass456', 'Newpass456');
    expect((await screen.findAllByText('Your current password is incorrect.')).length).toBeGreaterThan(0);
    expect(api.bodiesOf(ROUTE)).toEqual([{ currentPassword: 'NotMine999', newPassword: 'Newpass456' }]);
  });

  it('sends the change once right, says so and empties the fields', async () => {
    const { api, card, fill } = renderCard();
    await fill('Welcome123', 'Newpass456', 'Newpass456');
    expect(await screen.findByText('Password updated successfully')).toBeTruthy();
    expect(api.bodiesOf(ROUTE)).toEqual([{ currentPassword: 'Welcome123', newPassword: 'Newpass456' }]);
    expect((card.getByLabelText(/^Current password/) as HTMLInputElement).value).toBe('');
  });
});
