// The live preview's line under the video, from the form's landing page, without a server or a
// browser: it says where a click goes only for a valid address, never echoing what was typed
// otherwise, the web view when there is none, and an address typed without https:// is completed
// on leaving the field. How the preview sits on a phone is the browser's (usability.test.ts).
import { afterEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { renderWithProviders } from '@/testing/render';
import { testUser } from '@/testing/test-user';
import { fakeApi } from '@/testing/fake-api';
import { userAtom } from '@/lib/session/user-atom';
import { CreateEyeMailPage } from './create-eyemail-page';

afterEach(() => window.localStorage.clear());

function renderForm() {
  fakeApi({ 'GET notifications/settings': { result: true, body: { events: [] } } });
  window.localStorage.setItem('eyemail.createForm', 'full');
  const store = createStore();
  store.set(userAtom, testUser());
  return renderWithProviders(<CreateEyeMailPage />, { route: '/create-eyemail', path: '/create-eyemail', store });
}

// Typed in one go, as pasted: the whole form renders again at each keystroke.
async function enter(user: ReturnType<typeof renderForm>['user'], field: HTMLElement, text: string): Promise<void> {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

const preview = () => within(screen.getByRole('region', { name: 'Preview' }));

describe('the preview says where a click goes', () => {
  it('to a valid landing page, never echoing invalid input, and to the web view without one', async () => {
    const { user } = renderForm();
    const field = screen.getByLabelText('Landing page URL');
    await enter(user, field, 'https://Shop.example.com/winter');
    expect(preview().getByText('Clicking the video opens https://shop.example.com/winter')).toBeTruthy();
    for (const bad of ['not a url', 'javascript:alert(1)', 'shop.example.com']) {
      await enter(user, field, bad);
      expect(preview().queryByText(/Clicking the video opens/)).toBeNull();
      expect(preview().queryByText(bad, { exact: false })).toBeNull();
    }
    expect(screen.getByText('Not a valid URL')).toBeTruthy();
    // No landing page at all: a click opens the web view, as the exported email's video does.
    await user.clear(field);
    expect(preview().getByText('Clicking the video opens its web view, where it plays with sound')).toBeTruthy();
  });

  it('completes an address typed without https:// on leaving the field, instead of a bare "Not a valid URL"', async () => {
    const { user } = renderForm();
    const field = screen.getByLabelText('Landing page URL') as HTMLInputElement;
    await enter(user, field, 'shop.example.com/spring-sale');
    await user.tab();
    expect(field.value).toBe('https://shop.example.com/spring-sale');
    expect(preview().getByText('Clicking the video opens https://shop.example.com/spring-sale')).toBeTruthy();
    expect(screen.queryByText('Not a valid URL')).toBeNull();
  });
});
