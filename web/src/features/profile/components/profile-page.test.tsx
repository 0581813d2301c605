// The profile form's own decisions, without a server or a browser: the plan shown read-only, the
// message each empty or wrong field gets with nothing sent, the blank country refused, the time
// zone picker searching what is typed (a city or a zone's name, each zone with its offset), and
// what a save sends and says. Preselecting the place from the browser's settings, and the saved
// values after a reload, are the browser's (test/browser/account-journey.test.ts).
import { afterEach, describe, expect, it } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { createStore } from 'jotai';
import { renderWithProviders } from '@/testing/render';
import { testUser } from '@/testing/test-user';
import { fakeApi } from '@/testing/fake-api';
import { userAtom } from '@/lib/session/user-atom';
import { ProfilePage } from './profile-page';

const COUNTRIES = [
  { countryId: 1, countryName: 'United States', countryCode: 'US' },
  { countryId: 2, countryName: 'France', countryCode: 'FR' },
];
const TIMEZONES = [
  { timezoneId: 1, timezoneName: 'UTC' },
  { timezoneId: 2, timezoneName: 'America/New_York' },
  { timezoneId: 3, timezoneName: 'Asia/Kolkata' },
  { timezoneId: 4, timezoneName: 'Europe/Paris' },
];
// An Express account (the API's legacy name) whose place is saved already.
const PROFILE = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', countryId: 1, timezoneId: 1, tier: 'enterprise', profilePictureUrl: null };
const SAVED = { ...PROFILE, firstName: 'Gracie', countryId: 2, timezoneId: 2 };
const NEW_YORK = `New York (${new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', timeZoneName: 'longOffset' })
  .formatToParts(new Date())
  .find((x) => x.type === 'timeZoneName')!
  .value.replace('GMT', 'UTC')})`;

// The New York option: its label, then the zone name under it.
const NEW_YORK_OPTION = new RegExp(`^${NEW_YORK.replace(/[()+]/g, (c) => `\\${c}`)}`);

afterEach(() => act(() => notifications.clean()));

async function renderProfile() {
  let saved: typeof PROFILE = PROFILE;
  const api = fakeApi({
    'GET countries': { result: true, body: COUNTRIES },
    'GET timezones': { result: true, body: TIMEZONES },
    'GET users/profile': () => ({ result: true, body: saved }),
    'PUT users/profile': () => {
      saved = SAVED;
      return { result: true, body: SAVED };
    },
    'POST accounts/trysignin': { result: true, body: { id: 'u1', email: 'grace@example.com', fullName: 'Gracie Hopper', firstName: 'Gracie', lastName: 'Hopper', role: 'user', tier: 'enterprise' } },
  });
  const store = createStore();
  store.set(userAtom, testUser({ fullName: 'Grace Hopper', firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', tier: 'express' }));
  const view = renderWithProviders(<ProfilePage />, { route: '/profile', path: '/profile', store });
  // Filled once the lists and the profile have come.
  await screen.findByRole('region', { name: 'Profile Information' });
  return { ...view, api };
}

// A select's list (the one its field controls), as jsdom shows it: it runs no transitions, so the
// list never finishes fading in and its options count as hidden.
const listOf = (field: string) => within(document.getElementById(form().getByRole('combobox', { name: new RegExp(`^${field}`) }).getAttribute('aria-controls')!)!);
const option = (field: string, name: string | RegExp) => listOf(field).findByRole('option', { name, hidden: true });
const options = (field: string) => listOf(field).getAllByRole('option', { hidden: true }).map((o) => o.textContent);

const form = () => within(screen.getByRole('region', { name: 'Profile Information' }));
const puts = (api: ReturnType<typeof fakeApi>) => api.bodiesOf('PUT users/profile');

describe('profile form', () => {
  it('shows the saved values and the plan, which cannot be changed here', async () => {
    await renderProfile();
    expect((form().getByLabelText(/^First name/) as HTMLInputElement).value).toBe('Grace');
    expect((form().getByRole('combobox', { name: /^Country/ }) as HTMLInputElement).value).toBe('United States');
    expect((form().getByRole('combobox', { name: /^Timezone/ }) as HTMLInputElement).value).toBe('UTC (UTC+00:00)');
    const express = form().getByRole('radio', { name: 'Express' }) as HTMLInputElement;
    expect(express.checked).toBe(true);
    expect(express.disabled).toBe(true);
    expect((form().getByRole('radio', { name: 'Premium' }) as HTMLInputElement).disabled).toBe(true);
    expect(form().queryByText('Filled in from your browser')).toBeNull();
  });

  it('names an empty first name, a wrong email and a blank country, and sends nothing', async () => {
    const { user, api } = await renderProfile();
    await user.clear(form().getByLabelText(/^First name/));
    await user.clear(form().getByLabelText(/^Email/));
    await user.type(form().getByLabelText(/^Email/), 'grace@');
    await user.click(form().getByRole('button', { name: 'Save changes' }));
    expect(form().getByText('Please enter your first name!')).toBeTruthy();
    expect(form().getByText('Invalid email')).toBeTruthy();
    expect(form().queryByText('Invalid country')).toBeNull();

    await user.click(form().getByRole('combobox', { name: /^Country/ }));
    await user.click(await option('Country', '-'));
    await user.click(form().getByRole('button', { name: 'Save changes' }));
    expect(form().getByText('Invalid country')).toBeTruthy();
    expect(puts(api)).toEqual([]);
  });

  it('searches the time zones by what is typed, a city or a zone name, each with its offset', async () => {
    const { user } = await renderProfile();
    const zone = (form().getByRole('combobox', { name: /^Timezone/ })) as HTMLInputElement;
    await user.click(zone);
    await user.keyboard('york');
    expect(zone.value).toBe('york');
    await option('Timezone', NEW_YORK_OPTION);
    expect(options('Timezone')).toEqual([`${NEW_YORK}America/New York`]);
    await user.click(zone);
    await user.keyboard('Asia/Kolk');
    await option('Timezone', /^Kolkata/);
    expect(options('Timezone')).toEqual(['Kolkata (UTC+05:30)Asia/Kolkata']);
  });

  it('sends the changed profile, says it is saved and gives the signed-in user the new name', async () => {
    const { user, api, store } = await renderProfile();
    const first = form().getByLabelText(/^First name/);
    await user.clear(first);
    await user.type(first, 'Gracie');
    await user.click(form().getByRole('combobox', { name: /^Country/ }));
    await user.click(await option('Country', 'France'));
    const zone = form().getByRole('combobox', { name: /^Timezone/ });
    await user.click(zone);
    await user.keyboard('America/New');
    await user.click(await option('Timezone', NEW_YORK_OPTION));
    await user.click(form().getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
    expect(puts(api)).toEqual([{ firstName: 'Gracie', lastName: 'Hopper', email: 'grace@example.com', country: 2, timezone: 2 }]);
    expect(store.get(userAtom)?.firstName).toBe('Gracie');
    expect((form().getByRole('combobox', { name: /^Timezone/ }) as HTMLInputElement).value).toBe(NEW_YORK);
  });
});
