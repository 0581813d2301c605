// The EyeMail form's Notifications section, without a server or a browser: a new EyeMail follows
// the account default (spelled out beside it, no events to tick), choosing its own starts from the
// default's events, none at all is said plainly, and the choice travels with the EyeMail's own save
// (one request) and only when changed. Saving a choice and the EyeMail's page saying which are the
// browser's (test/browser/notifications.test.ts).
import { afterEach, describe, expect, it } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { createStore } from 'jotai';
import { renderWithProviders } from '@/testing/render';
import { testUser } from '@/testing/test-user';
import { fakeApi } from '@/testing/fake-api';
import { userAtom } from '@/lib/session/user-atom';
import { emptyForm } from '@/features/eyemails/utils/snippet-form';
import { CreateEyeMailPage } from './create-eyemail-page';

const USER = testUser();
const DEFAULT_EVENTS = ['open', 'play', 'half', 'end'];
const CLIP = { fileId: 'file-1', url: 'https://media.example.com/clip.mp4', name: 'clip.mp4', thumbnailUrl: null };
// An encoding the server has already finished: saving goes ahead at once.
const ENCODED = { encodingId: 'enc-1', videoId: 'file-1', overlay: 'none', width: 600, state: 'completed', progress: 100, error: null, videoUrl: 'https://media.example.com/clip-600.mp4', emailVideoUrl: null, thumbnailUrl: null, gifUrl: null, outWidth: 600, outHeight: 338, durationSecs: 4 };

afterEach(() => {
  window.localStorage.clear();
  act(() => notifications.clean());
});

// The full create form with a name and an uploaded video kept from an earlier visit, so that
// Create saves.
function renderCreate() {
  const api = fakeApi({
    'GET notifications/settings': { result: true, body: { events: DEFAULT_EVENTS } },
    'POST videos/file-1': { result: true, body: ENCODED },
    'POST snippets': { result: true, message: 'EyeMail created', body: { snippet: 'new-1', title: 'Winter sale' } },
  });
  window.localStorage.setItem('eyemail.createForm', 'full');
  window.localStorage.setItem(`eyemail.createDraft.${USER.id}`, JSON.stringify({ values: { ...emptyForm(), title: 'Winter sale', video: CLIP }, savedAt: new Date().toISOString() }));
  const store = createStore();
  store.set(userAtom, USER);
  return { ...renderWithProviders(<CreateEyeMailPage />, { route: '/create-eyemail', path: '/create-eyemail', store }), api };
}

const section = () => screen.getByRole('region', { name: 'Notifications' });

describe("EyeMail form's Notifications", () => {
  it('follows the account default, spelled out, until the owner chooses; its own events start from the default', async () => {
    const { user } = renderCreate();
    const useDefault = await within(section()).findByRole('radio', { name: 'Use my account default' });
    expect((useDefault as HTMLInputElement).checked).toBe(true);
    expect(within(section()).getByText('Opens, Plays, Watched at least half, Watched to the end', { exact: true })).toBeTruthy();
    expect(within(section()).queryByRole('group', { name: 'Mail me for' })).toBeNull();

    await user.click(within(section()).getByRole('radio', { name: 'Choose for this EyeMail' }));
    const own = within(section()).getByRole('group', { name: 'Mail me for' });
    const ticked = within(own)
      .getAllByRole('checkbox')
      .filter((c) => (c as HTMLInputElement).checked)
      .map((c) => c.getAttribute('value'));
    expect(ticked).toEqual(DEFAULT_EVENTS);

    for (const name of ['Opens', 'Plays', 'Watched at least half', 'Watched to the end']) await user.click(within(own).getByRole('checkbox', { name }));
    expect(within(section()).getByText('None chosen: this EyeMail sends you no mails.')).toBeTruthy();
    await user.click(within(own).getByRole('checkbox', { name: 'Clicks' }));
    expect(within(section()).queryByText('None chosen: this EyeMail sends you no mails.')).toBeNull();

    // Back to the default: the events to tick go.
    await user.click(within(section()).getByRole('radio', { name: 'Use my account default' }));
    expect(within(section()).queryByRole('group', { name: 'Mail me for' })).toBeNull();
  });

  it('sends its own events with the EyeMail, in the one request that creates it', async () => {
    const { user, api } = renderCreate();
    await user.click(await within(section()).findByRole('radio', { name: 'Choose for this EyeMail' }));
    const own = within(section()).getByRole('group', { name: 'Mail me for' });
    for (const name of ['Opens', 'Watched at least half', 'Watched to the end', 'Clicks']) await user.click(within(own).getByRole('checkbox', { name }));
    await user.click(screen.getByRole('button', { name: 'Create EyeMail' }));
    await screen.findByText('Another page');
    expect(api.bodiesOf('POST snippets').map((b) => (b as { notify?: unknown }).notify)).toEqual([{ events: ['play', 'click'] }]);
    expect(api.calls.filter((c) => c.route !== 'GET notifications/settings' && c.route.includes('notifications'))).toEqual([]);
  });

  it('sends nothing about notifications when the default was kept', async () => {
    const { user, api } = renderCreate();
    await within(section()).findByRole('radio', { name: 'Use my account default' });
    await user.click(screen.getByRole('button', { name: 'Create EyeMail' }));
    await screen.findByText('Another page');
    const [body] = api.bodiesOf('POST snippets') as { title: string; notify?: unknown }[];
    expect(body.title).toBe('Winter sale');
    expect(body).not.toHaveProperty('notify');
  });
});
