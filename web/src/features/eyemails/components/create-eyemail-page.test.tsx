// The Create EyeMail form's own decisions, without a server or a browser: the full form behind
// 'More options' with its sections and a greyed Create, the messages a wrong landing page or
// width gets, the mute icon's colour shown only once the icon is chosen, what the submit bar says
// (a name and a video missing, a button not added yet, a field in red, the video still being
// processed) and an Express account's simpler form. The real upload, encoding and saving are the
// browser's (test/browser/eyemails-create.test.ts).
import { afterEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { renderWithProviders } from '@/testing/render';
import { testUser } from '@/testing/test-user';
import { fakeApi } from '@/testing/fake-api';
import { userAtom } from '@/lib/session/user-atom';
import type { User } from '@/lib/session/user';
import { emptyForm } from '@/features/eyemails/utils/snippet-form';
import { CreateEyeMailPage } from './create-eyemail-page';
import { EXPRESS_NOTE } from './eyemail-form-layout';

const USER: User = testUser();
const CLIP = { fileId: 'file-1', url: 'https://media.example.com/clip.mp4', name: 'clip.mp4', thumbnailUrl: null };
// An encoding the server keeps working on: queued when asked for, then at 40%.
const ENCODING = { encodingId: 'enc-1', videoId: 'file-1', overlay: 'none', width: 600, state: 'queued', progress: 0, error: null, videoUrl: null, emailVideoUrl: null, thumbnailUrl: null, gifUrl: null, outWidth: null, outHeight: null, durationSecs: null };
const ROUTES = {
  'GET notifications/settings': { result: true, body: { events: [] } },
  'POST videos/file-1': { result: true, body: ENCODING },
  'GET videos/encodings/enc-1': { result: true, body: { ...ENCODING, state: 'active', progress: 40 } },
  // who may edit here (the personal workspace: its owner)
  'GET workspaces': { result: true, body: [{ id: USER.id, kind: 'personal', name: 'Personal', role: 'owner', membersCount: 1, domain: null, department: null }] },
};

afterEach(() => window.localStorage.clear());

// The create page for this user, on the full form (as after 'More options' on this browser
// before), optionally with a draft kept from an earlier visit (a video already uploaded).
function renderCreate({ tier = 'premium' as User['tier'], full = true, draft = null as null | Partial<ReturnType<typeof emptyForm>> } = {}) {
  const api = fakeApi(ROUTES);
  if (full) window.localStorage.setItem('eyemail.createForm', 'full');
  if (draft) window.localStorage.setItem(`eyemail.createDraft.${USER.id}`, JSON.stringify({ values: { ...emptyForm(), ...draft }, savedAt: new Date().toISOString() }));
  const store = createStore();
  store.set(userAtom, { ...USER, tier });
  return { ...renderWithProviders(<CreateEyeMailPage />, { route: '/create-eyemail', path: '/create-eyemail', store }), api };
}

const bar = () => screen.getByRole('button', { name: 'Create EyeMail' }).closest('.mantine-Card-root') as HTMLElement;

describe('Create EyeMail form', () => {
  it("opens on Getting Started; More options shows every section, a greyed Create and the preview's stand-in", async () => {
    const { user } = renderCreate({ full: false });
    await user.click(within(screen.getByRole('region', { name: 'Getting Started' })).getByRole('button', { name: 'More options' }));
    for (const section of ['Video', 'Logo and creative', 'Links', 'Call-to-action buttons']) expect(screen.getByRole('region', { name: section })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Create EyeMail' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(bar()).getByRole('status').textContent).toBe('Add a name and a video to continue.');
    expect(within(screen.getByRole('region', { name: 'Preview' })).getByText('Your video appears here')).toBeTruthy();
    expect(window.localStorage.getItem('eyemail.createForm')).toBe('full');
  });

  it('names a wrong landing page and a width over 800 px at once, and drops the message once put right', async () => {
    const { user, api } = renderCreate();
    const landing = screen.getByLabelText('Landing page URL');
    await user.type(landing, 'javascript:alert(1)');
    expect(screen.getByText('Not a valid URL')).toBeTruthy();
    await user.clear(landing);
    await user.type(landing, 'https://shop.example.com/spring');
    expect(screen.queryByText('Not a valid URL')).toBeNull();

    const width = screen.getByLabelText('Video width');
    await user.clear(width);
    await user.type(width, '900');
    expect(screen.getByText('Video width can be up to 800px.')).toBeTruthy();
    await user.clear(width);
    await user.type(width, '640');
    expect(screen.queryByText('Video width can be up to 800px.')).toBeNull();
    expect(screen.getByText('640px wide')).toBeTruthy();
    expect(api.calls.map((c) => c.route).sort()).toEqual(['GET notifications/settings', 'GET workspaces']);
  });

  it('draws the chosen mute icon in the preview and offers its colour only once it is chosen', async () => {
    const { user, container } = renderCreate();
    expect(screen.queryByRole('radiogroup', { name: 'Mute icon colour' })).toBeNull();
    expect(container.querySelector('[data-overlay="black"]')).toBeNull();
    await user.click(screen.getByLabelText('Show a mute icon on the video'));
    expect(container.querySelector('[data-overlay="black"]')).not.toBeNull();
    await user.click(within(screen.getByRole('radiogroup', { name: 'Mute icon colour' })).getByText('White'));
    expect(container.querySelector('[data-overlay="white"]')).not.toBeNull();
    expect(container.querySelector('[data-overlay="black"]')).toBeNull();
  });

  it('with a name and a video: saving is offered while the video is processed, a field in red and a pending button are named', async () => {
    const { user, api } = renderCreate({ draft: { title: 'Spring launch', video: CLIP } });
    const status = within(bar()).getByRole('status');
    expect(status.textContent).toBe('You can save now: we finish processing the video first.');
    expect((screen.getByRole('button', { name: 'Create EyeMail' }) as HTMLButtonElement).disabled).toBe(false);
    // The encoding starts by itself, and its bar follows what the server says.
    const encodingBar = await screen.findByRole('progressbar', { name: 'Encoding progress' }, { timeout: 3000 });
    await waitFor(() => expect(encodingBar.getAttribute('aria-valuenow')).toBe('40'), { timeout: 3000 });
    expect(api.calls.find((c) => c.route === 'POST videos/file-1')!.url.searchParams.get('width')).toBe('600');

    await user.type(screen.getByLabelText('Landing page URL'), 'javascript:alert(1)');
    expect(status.textContent).toBe('Correct the field marked in red to save.');
    await user.clear(screen.getByLabelText('Landing page URL'));
    expect(status.textContent).toBe('You can save now: we finish processing the video first.');

    await user.click(screen.getByRole('button', { name: 'Add button' }));
    await user.type(within(screen.getByRole('group', { name: 'New button' })).getByLabelText(/^Button text/), 'Shop now');
    expect(status.textContent).toBe('Your new button is not added yet: press Add in the button form, or Cancel.');
    // Cancelled, the bar says the form can be saved again.
    await user.click(within(screen.getByRole('group', { name: 'New button' })).getByRole('button', { name: 'Cancel' }));
    expect(status.textContent).toBe('You can save now: we finish processing the video first.');
  });

  it('gives an Express account the video and links only, and says why', async () => {
    const { user } = renderCreate({ tier: 'express', full: false });
    await user.click(screen.getByRole('button', { name: 'More options' }));
    expect(screen.getByRole('region', { name: 'Video' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Links' })).toBeTruthy();
    expect(screen.getByText(EXPRESS_NOTE)).toBeTruthy();
    expect(EXPRESS_NOTE).toBe('Express accounts include the video only: logo, cover image and buttons are Premium features.');
    expect(screen.queryByRole('region', { name: 'Logo and creative' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Call-to-action buttons' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Logo' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add button' })).toBeNull();
  });
});
