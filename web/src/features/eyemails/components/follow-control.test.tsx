// The EyeMail page's Follow control, without a server: a member who did not create the EyeMail
// sees a Follow switch saying what following does, turns it on with their suggested events,
// changes the events (never down to none) and turns it off, each saved at once; a refused save
// shows the server's words and leaves the switch as it was; the creator sees what mails them, no
// switch.
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@/testing/render';
import { fakeApi, type Envelope } from '@/testing/fake-api';
import { FollowControl, followedText } from './follow-control';

const ID = 'sn-1';
const GET = `GET notifications/follow/${ID}`;
const PUT = `PUT notifications/follow/${ID}`;

// The server: keeps what was saved, or refuses every save with `refuse`.
function server(initial: { creator?: boolean; following: boolean; events: string[] }, refuse?: string) {
  let state = { creator: false, ...initial };
  return fakeApi({
    [GET]: () => ({ result: true, body: state }),
    [PUT]: (body): Envelope => {
      if (refuse) return { result: false, message: refuse };
      const b = body as { following: boolean; events?: string[] };
      state = b.following ? { ...state, following: true, events: b.events ?? [] } : { ...state, following: false, events: ['open', 'click'] };
      return { result: true, body: state };
    },
  });
}

const render = () => renderWithProviders(<FollowControl snippetId={ID} />);
const followSwitch = () => screen.findByRole('switch', { name: /^Follow this EyeMail/ }) as Promise<HTMLInputElement>;
const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('Follow control', () => {
  it('says what following does, and follows with the suggested events', async () => {
    const api = server({ following: false, events: ['open', 'click'] });
    const { user } = render();
    const toggle = await followSwitch();
    expect(toggle.checked).toBe(false);
    expect(screen.getByText('Its creator gets its notifications. Follow it to get a mail too when someone opens it or clicks it.')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Opens' })).toBeNull();

    await user.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(true));
    expect(api.bodiesOf(PUT)).toEqual([{ following: true, events: ['open', 'click'] }]);
    expect(screen.getByText(/^You get a mail, and an entry in the bell, when someone opens it or clicks it: at most one mail an hour/)).toBeTruthy();
    expect(box('Opens').checked).toBe(true);
    expect(box('Plays').checked).toBe(false);
  });

  it('changes the followed events, never down to none, and stops', async () => {
    const api = server({ following: true, events: ['open', 'half'] });
    const { user } = render();
    const toggle = await followSwitch();
    await user.click(box('Opens'));
    await waitFor(() => expect(box('Opens').checked).toBe(false));
    expect(api.bodiesOf(PUT)).toEqual([{ following: true, events: ['half'] }]);
    expect(screen.getByText(/when someone watches at least half of it:/)).toBeTruthy();
    // The last one stays: turning Follow off is how to stop.
    expect(box('Watched at least half').disabled).toBe(true);
    expect(screen.getByText('Keep at least one, or turn Follow off.')).toBeTruthy();

    await user.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(false));
    expect(api.bodiesOf(PUT).at(-1)).toEqual({ following: false });
    expect(screen.queryByRole('checkbox', { name: 'Opens' })).toBeNull();
  });

  it("shows a refused save's message and leaves the switch as it was", async () => {
    server({ following: false, events: ['open'] }, 'EyeMail not found.');
    const { user } = render();
    const toggle = await followSwitch();
    await user.click(toggle);
    expect((await screen.findByRole('alert')).textContent).toBe('EyeMail not found.');
    expect(toggle.checked).toBe(false);
  });

  it('shows its creator what mails them for this EyeMail, no Follow switch', async () => {
    fakeApi({ [GET]: { result: true, body: { creator: true, following: true, events: ['open'] } }, [`GET notifications/settings/${ID}`]: { result: true, body: { inherit: true, events: ['open'], accountEvents: ['open'] } } });
    render();
    await waitFor(() => expect(screen.getByTestId('notify-choice').textContent).toBe('Opens (account default)'));
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('lists the followed events as a sentence', () => {
    expect(followedText(['click', 'open', 'end'])).toBe('opens it, watches it to the end or clicks it');
    expect(followedText(['sound'])).toBe('turns its sound on');
  });
});
