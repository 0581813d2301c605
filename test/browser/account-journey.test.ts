// The whole life of a new account in the browser: sign up, verify by the emailed link, the
// welcome dialog, sign out and in, edit the profile, change the password. The profile and password
// forms' messages are their component tests' (profile-page.test.tsx, change-password-card.test.tsx).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { allStarted, startServer, type RunningServer } from './support/server.ts';
import { expectTitle, launchBrowser, newContext, settled, uniqueEmail } from './support/browser.ts';
import { linksIn } from './support/mail.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const email = uniqueEmail('grace');
const firstPassword = 'Welcome123';
const newPassword = 'Newpass456';

before(async () => {
  // Each is kept as soon as it is up, so that `after` closes it even when another step fails.
  await allStarted([startServer().then((s) => (server = s)), launchBrowser().then((b) => (browser = b))]);
  context = await newContext(browser, server.url);
  page = await context.newPage();
});

after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

async function signIn(p: Page, address: string, password: string, rememberMe = false) {
  await p.getByLabel(/^Email/).fill(address);
  await p.getByLabel(/^Password/).fill(password);
  if (rememberMe) await p.getByLabel('Remember me').check();
  await p.getByRole('button', { name: 'Sign in' }).click();
}

test('a signed-out page load logs no error: asking for the session answers 200, result false', async () => {
  const errors: string[] = [];
  const answers: number[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('response', (r) => new URL(r.url()).pathname === '/api/accounts/trysignin' && answers.push(r.status()));
  for (const path of ['/signin', '/signup', '/forgotpassword', '/']) {
    await page.goto(path);
    await page.getByRole('heading').first().waitFor();
  }
  await page.waitForURL((u) => u.pathname === '/signin');
  assert.ok(answers.length >= 4, `session asked ${answers.length} times`);
  assert.deepEqual([...new Set(answers)], [200]);
  assert.deepEqual(errors, []);
  page.removeAllListeners('console');
  page.removeAllListeners('response');
});

test('sign-up checks its fields, then signs the new user in to home with the welcome dialog', async () => {
  await page.goto('/signup');
  await expectTitle(page, 'Sign Up | Account | EyeMail');
  // The picture of an EyeMail beside the form shows a button text the EyeMail form would take
  // (16 characters at most), on one line.
  const example = page.getByTestId('example-button');
  const exampleText = await example.innerText();
  assert.ok(exampleText.length > 0 && exampleText.length <= 16, `example button text "${exampleText}" is over 16 characters`);
  assert.ok((await example.boundingBox())!.height < 40, 'the example button text fits on one line');

  // The messages of each field are the form's component test (signup-page); here, their colours.
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText('Please enter your name!').waitFor();
  // In the error state the example texts stay grey: red ones would read like typed values.
  const nameInput = page.getByLabel('Full name');
  assert.equal(await nameInput.getAttribute('placeholder'), 'e.g. Jane Cooper');
  const [placeholderColour, errorColour] = await nameInput.evaluate((el) => {
    const w = globalThis as unknown as { getComputedStyle: (e: unknown, p?: string) => { color: string } };
    const label = (el as unknown as { closest: (s: string) => unknown }).closest('.mantine-InputWrapper-root');
    const error = (label as { querySelector: (s: string) => unknown }).querySelector('.mantine-InputWrapper-error');
    return [w.getComputedStyle(el, '::placeholder').color, w.getComputedStyle(error).color];
  });
  assert.notEqual(placeholderColour, errorColour, 'placeholder drawn in the error colour');

  await page.getByLabel('Full name').fill('Grace Hopper');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(firstPassword);
  await page.getByLabel('Confirm password').fill(firstPassword);
  await page.getByRole('radio', { name: 'Express' }).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await page.waitForURL((u) => u.pathname === '/' && u.searchParams.has('new'));
  await page.getByRole('heading', { name: 'Hello, Grace!' }).waitFor();
  await page.getByText('Welcome to the EyeMail Dashboard').waitFor();
  await page.getByRole('heading', { name: 'Getting Started' }).waitFor();
  assert.equal(await page.getByRole('link', { name: 'Create your EyeMail' }).getAttribute('href'), '/create-eyemail');
  // Not verified yet: the banner offers a new link.
  await page.getByText('Please verify your email address').waitFor();

  const dialog = page.getByRole('dialog', { name: 'Welcome, Grace H.!' });
  await dialog.waitFor();
  await dialog.getByText("We're glad to have you onboard").waitFor();
  await dialog.getByText('Below are some options to get started quickly.').waitFor();

  // Clicking outside does not close it.
  await page.mouse.click(8, 400);
  await settled(page);
  assert.equal(await dialog.isVisible(), true);

  await dialog.getByRole('button', { name: 'Watch Video' }).click();
  const video = dialog.locator('video');
  await video.waitFor();
  assert.equal(await video.getAttribute('src'), '/static/welcome.mp4');
  // The shipped welcome video loads and plays in the browser: a short title video.
  const duration = await video.evaluate(
    (el) =>
      new Promise<number>((resolve, reject) => {
        const v = el as unknown as { readyState: number; duration: number; addEventListener: (e: string, f: () => void) => void };
        if (v.readyState >= 1) return resolve(v.duration);
        v.addEventListener('loadedmetadata', () => resolve(v.duration));
        v.addEventListener('error', () => reject(new Error('the welcome video failed to load')));
      }),
  );
  assert.ok(duration >= 6 && duration <= 10, `welcome video lasts ${duration} s`);
  await dialog.getByRole('button', { name: 'Back' }).click();
  await dialog.getByRole('button', { name: 'Skip' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.waitForURL((u) => u.pathname === '/' && u.search === '');

  // Reopened from home, Create EyeMail goes to the create page; back returns home, dialog closed.
  await page.getByRole('button', { name: 'Open the welcome tour' }).click();
  await dialog.getByRole('button', { name: 'Create EyeMail' }).click();
  await page.waitForURL((u) => u.pathname === '/create-eyemail');
  await expectTitle(page, 'Create EyeMail | EyeMails | EyeMail');
  await page.goBack();
  await page.waitForURL((u) => u.pathname === '/' && u.search === '');
  await page.getByRole('heading', { name: 'Hello, Grace!' }).waitFor();
  assert.equal(await page.getByRole('dialog').count(), 0);
});

test('the emailed link verifies the address, counts down and returns to the platform', async () => {
  const mail = await server.mail.next(email, /verify/i);
  const link = linksIn(mail).find((l) => l.includes('/emailverification?token='));
  assert.ok(link, `no verification link in: ${mail.text}`);
  assert.ok(link.startsWith(`${server.url}/emailverification?token=`));

  await page.goto(link);
  await page.getByRole('heading', { name: 'Congratulations!' }).waitFor();
  await page.getByText('Your email address has been verified.').waitFor();
  await page.getByRole('button', { name: 'Go to platform' }).waitFor();
  const first = Number(await page.getByTestId('countdown').textContent());
  assert.ok(first >= 0 && first <= 4, `countdown shows ${first}`);
  // The countdown ends on /signin, which sends a signed-in user on to home.
  await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 });
  await page.getByRole('heading', { name: 'Hello, Grace!' }).waitFor();
  assert.equal(await page.getByText('Please verify your email address').count(), 0);

  // Used again, signed out (another device): it says the address is already verified and offers
  // sign-in, not "invalid or expired".
  const elsewhere = await newContext(browser, server.url);
  const other = await elsewhere.newPage();
  await other.goto(link);
  await other.getByRole('heading', { name: 'Already verified' }).waitFor();
  await other.getByText('This address is already verified.').waitFor();
  assert.equal(await other.getByText('This verification link is invalid or has expired.').count(), 0);
  await other.getByRole('link', { name: 'Sign in' }).click();
  await other.waitForURL((u) => u.pathname === '/signin');
  await other.getByRole('heading', { name: 'Welcome back' }).waitFor();
  await elsewhere.close();

  // Signed in, the same link leads back to the platform.
  await page.goto(link);
  await page.getByRole('heading', { name: 'Already verified' }).waitFor();
  await page.getByRole('button', { name: 'Go to platform' }).click();
  await page.waitForURL((u) => u.pathname === '/');
});

test('sign out from the profile menu, back stays on sign-in, and wrong passwords are refused', async () => {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL((u) => u.pathname === '/signin');
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor();

  // The back button is disabled on /signin.
  await page.goBack().catch(() => null);
  await settled(page);
  assert.equal(new URL(page.url()).pathname, '/signin');

  // A signed-out visitor cannot open home.
  await page.goto('/');
  await page.waitForURL((u) => u.pathname === '/signin');

  await signIn(page, email, 'Wrong1234');
  const alert = page.getByRole('alert').filter({ hasText: 'Login Failed!' });
  await alert.waitFor();
  await alert.getByText('Invalid email or password.').waitFor();

  await signIn(page, email, firstPassword, true);
  await page.waitForURL((u) => u.pathname === '/' && u.search === '');
  await page.getByRole('heading', { name: 'Hello, Grace!' }).waitFor();
  // Remember me keeps the session cookie for weeks, not just this browser session.
  const sid = (await context.cookies()).find((c) => c.name === 'eyemail.sid');
  assert.ok(sid && sid.expires > Date.now() / 1000 + 20 * 24 * 3600, 'session cookie should persist');
  // No welcome dialog without ?new (it would open with the page).
  await settled(page);
  assert.equal(await page.getByRole('dialog').count(), 0);
});

// The form's messages, the read-only plan, the blank country refused and the time zone search are
// the profile form's component test (web/src/features/profile/components/profile-page.test.tsx);
// here, the place preselected from this browser, saving, and the saved values after a reload.
test('profile: the place preselected from the browser, saving, and the saved values after a reload', async () => {
  await page.getByRole('navigation', { name: 'Side navigation' }).getByRole('link', { name: 'Your Profile' }).click();
  await page.waitForURL((u) => u.pathname === '/profile');
  await expectTitle(page, 'Your Profile | Account | EyeMail');
  const form = page.getByRole('region', { name: 'Profile Information' });
  await form.getByLabel('First name').waitFor();

  assert.equal(await form.getByLabel('First name').inputValue(), 'Grace');
  assert.equal(await form.getByLabel('Last name').inputValue(), 'Hopper');
  assert.equal(await form.getByLabel(/^Email/).inputValue(), email);
  // No country or timezone yet: both preselected from the browser (en-US, UTC), and it says so.
  assert.equal(await form.getByRole('combobox', { name: 'Country' }).inputValue(), 'United States');
  assert.equal(await form.getByRole('combobox', { name: 'Timezone' }).inputValue(), 'UTC (UTC+00:00)');
  await form.getByText('Filled in from your browser').waitFor();
  await form.getByText(/We preselected United States and UTC \(UTC\+00:00\) from this browser/).waitFor();

  // With the preselected place, the first save of a new account succeeds; then a new name, a
  // country and a zone chosen by typing.
  await form.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Profile updated successfully').waitFor();
  await form.getByText('Filled in from your browser').waitFor({ state: 'detached' });
  await form.getByLabel('First name').fill('Gracie');
  await form.getByRole('combobox', { name: 'Country' }).click();
  await form.getByRole('combobox', { name: 'Country' }).fill('Fran');
  await page.getByRole('option', { name: 'France', exact: true }).click();
  const nyOffset = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', timeZoneName: 'longOffset' }).formatToParts(new Date()).find((x) => x.type === 'timeZoneName')!.value.replace('GMT', 'UTC');
  const newYork = `New York (${nyOffset})`;
  const zone = form.getByRole('combobox', { name: 'Timezone' });
  await zone.click();
  await page.keyboard.type('America/New');
  await page.getByRole('option', { name: newYork }).click();
  assert.equal(await zone.inputValue(), newYork);
  await form.getByRole('button', { name: 'Save changes' }).click();
  // Saved (the first save's message may still be on screen): the signed-in user is reloaded, and
  // the menu shows the new short name.
  await page.getByRole('button', { name: 'Account menu' }).getByText('Gracie H.').waitFor();

  await page.reload();
  await form.getByLabel('First name').waitFor();
  assert.equal(await form.getByLabel('First name').inputValue(), 'Gracie');
  assert.equal(await form.getByRole('combobox', { name: 'Country' }).inputValue(), 'France');
  assert.equal(await form.getByRole('combobox', { name: 'Timezone' }).inputValue(), newYork);
  assert.equal(await form.getByText('Filled in from your browser').count(), 0);
});

test('settings: change the password, then only the new one signs in', async () => {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.waitForURL((u) => u.pathname === '/settings');
  await expectTitle(page, 'Settings | Account | EyeMail');
  await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
  await page.getByText('Update your account information').waitFor();

  // The form's messages (new passwords that differ, one the same as the current) are the card's
  // component test (web/src/features/settings/components/change-password-card.test.tsx); the
  // server refusing a wrong current password, and then the right one.
  const card = page.getByRole('region', { name: 'Change password' });
  const submit = card.getByRole('button', { name: 'Update password' });
  await card.getByLabel('Current password').fill('NotMine999');
  await card.getByLabel(/^New password/).fill(newPassword);
  await card.getByLabel('Confirm new password').fill(newPassword);
  await submit.click();
  await page.getByText('Your current password is incorrect.').first().waitFor();

  await card.getByLabel('Current password').fill(firstPassword);
  await submit.click();
  await page.getByText('Password updated successfully').waitFor();
  assert.equal(await card.getByLabel('Current password').inputValue(), '');

  await page.getByRole('navigation', { name: 'Side navigation' }).getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((u) => u.pathname === '/signin');
  await signIn(page, email, firstPassword);
  await page.getByRole('alert').filter({ hasText: 'Login Failed!' }).waitFor();
  await signIn(page, email, newPassword);
  await page.waitForURL((u) => u.pathname === '/');
  await page.getByRole('heading', { name: 'Hello, Gracie!' }).waitFor();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL((u) => u.pathname === '/signin');
  await page.goto('/settings');
  await page.waitForURL((u) => u.pathname === '/signin' && u.searchParams.get('next') === '/settings');
});
