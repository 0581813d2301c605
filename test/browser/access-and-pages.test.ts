// Guards, the fallback page, public pages, the password reset by email, the admin account, and
// screenshots of the main pages at desktop and phone widths.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { allStarted, ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './support/server.ts';
import { DESKTOP, expectTitle, launchBrowser, newContext, PHONE, resizeTo, screenshot, uniqueEmail } from './support/browser.ts';
import { linksIn } from './support/mail.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const email = uniqueEmail('alan');
const password = 'Turing1912';

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

async function signIn(p: Page, address: string, pass: string) {
  await p.getByLabel(/^Email/).fill(address);
  await p.getByLabel(/^Password/).fill(pass);
  await p.getByRole('button', { name: 'Sign in' }).click();
}

async function signOut(p: Page) {
  await p.getByRole('button', { name: 'Account menu' }).click();
  await p.getByRole('menuitem', { name: 'Sign out' }).click();
  await p.waitForURL((u) => u.pathname === '/signin');
}

test('the sign-in page names the mail clients that play the video as the client table does', async () => {
  // Rendered from the table (src/shared/client-video.ts): Outlook for Mac neither autoplays nor
  // gets the video.
  const p = await context.newPage();
  await p.goto('/signin');
  const claims = p.getByRole('complementary').getByRole('listitem');
  await claims.first().waitFor();
  assert.equal(await claims.nth(0).innerText(), 'Autoplaying video in Apple Mail on macOS and iOS');
  assert.equal(await claims.nth(1).innerText(), 'A smart animated fallback for Outlook, Samsung Email, Gmail, Yahoo Mail and Thunderbird');
  await p.close();
});

test('a protected page sends a signed-out visitor to sign in, and back there afterwards', async () => {
  await page.goto('/product-lines');
  await page.waitForURL((u) => u.pathname === '/signin' && u.searchParams.get('next') === '/product-lines');
  await expectTitle(page, 'Sign In | Account | EyeMail');
  for (const [name, href] of [
    ['Forgot password?', '/forgotpassword'],
    ['Sign up', '/signup?next=%2Fproduct-lines'],
    ['Terms of Service', '/terms-of-service'],
    ['Privacy Policy', '/privacy-policy'],
  ]) {
    assert.equal(await page.getByRole('link', { name, exact: true }).first().getAttribute('href'), href, name);
  }
  await screenshot(page, 'signin');

  // Create the account from there: it comes back to the page first asked for.
  await page.getByRole('link', { name: 'Sign up', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/signup');
  await page.getByLabel('Full name').fill('Alan Mathison Turing');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((u) => u.pathname === '/product-lines');
  await page.getByRole('heading', { name: 'Product Lines' }).waitFor();
  await page.getByText('Learn more about our products and services').waitFor();
  assert.equal(await page.getByRole('link', { name: /^Learn More/ }).count(), 3);
  await expectTitle(page, 'Product Lines | Dashboard | EyeMail');
  await screenshot(page, 'product-lines');
});

test('the same address cannot sign up twice', async () => {
  const other = await context.browser()!.newContext({ baseURL: server.url });
  const p = await other.newPage();
  await p.goto('/signup');
  await p.getByLabel('Full name').fill('Someone Else');
  await p.getByLabel(/^Email/).fill(email);
  await p.getByLabel(/^Password/).fill(password);
  await p.getByLabel('Confirm password').fill(password);
  await p.getByRole('button', { name: 'Create account' }).click();
  const alert = p.getByRole('alert').filter({ hasText: 'Signup Failed!' });
  await alert.getByText('An account with this email address already exists.').waitFor();
  assert.equal(new URL(p.url()).pathname, '/signup');
  await other.close();
});

test('company sign-up creates a signed-in account', async () => {
  const other = await context.browser()!.newContext({ baseURL: server.url });
  const p = await other.newPage();
  await p.goto('/companysignup/team-invite-42');
  await expectTitle(p, 'Company Sign Up | Account | EyeMail');
  // Each field's message and the refused domain are the form's component test (company-signup-page).
  await p.getByLabel('Full name').fill('Katherine Johnson');
  await p.getByLabel(/^Work email/).fill(uniqueEmail('katherine'));
  await p.getByLabel(/^Password/).fill('Orbit1962');
  await p.getByLabel('Company name').fill('Langley Research');
  await p.getByLabel('Domain').fill('nasa.gov');
  await p.getByLabel('Department').fill('Flight Research');
  await p.getByRole('button', { name: 'Create company account' }).click();
  await p.waitForURL((u) => u.pathname === '/' && u.searchParams.has('new'));
  await p.getByRole('heading', { name: 'Hello, Katherine!' }).waitFor();
  await other.close();
});

test('signed in: hidden account pages go home; the shell, mobile menu and placeholders work', async () => {
  for (const hidden of ['/signin', '/signup', '/forgotpassword', '/companysignup/abc']) {
    await page.goto(hidden);
    await page.waitForURL((u) => u.pathname === '/');
  }
  await page.getByRole('heading', { name: 'Hello, Alan!' }).waitFor();
  // The short name: first name and the initial of the second word.
  await page.getByRole('button', { name: 'Account menu' }).getByText('Alan M.').waitFor();

  // Top navigation lists everything but Product Lines; the side menu has it.
  const top = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Home', 'My EyeMails', 'Reports', 'Support']) await top.getByRole('link', { name, exact: true }).waitFor();
  assert.equal(await top.getByRole('link', { name: 'Product Lines' }).count(), 0);
  const side = page.getByRole('navigation', { name: 'Side navigation' });
  for (const name of ['Home', 'My EyeMails', 'Reports', 'Product Lines', 'Support', 'New EyeMail', 'Your Profile']) {
    await side.getByRole('link', { name, exact: true }).waitFor();
  }

  await page.goto('/campaigns');
  await page.getByText('No Campaigns here').waitFor();
  await expectTitle(page, 'My Campaigns | Dashboard | EyeMail');
  await screenshot(page, 'placeholder-campaigns');
  await page.goto('/companies');
  await page.getByRole('tab', { name: "Companies I've Joined" }).click();
  await page.getByRole('tabpanel', { name: /Companies I've Joined/ }).getByText('You have not joined a company yet').waitFor();
  await page.goto('/reports');
  await page.getByRole('heading', { name: 'View Report' }).waitFor();
  await expectTitle(page, 'View Report | Reports | EyeMail');

  // Phone width: the slide-in menu.
  await resizeTo(page, PHONE);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('link', { name: 'Product Lines' }).click();
  await page.waitForURL((u) => u.pathname === '/product-lines');
  await drawer.waitFor({ state: 'hidden' });
  await resizeTo(page, DESKTOP);
});

test('an unknown path shows the fallback page', async () => {
  await page.goto('/this/page/does-not-exist');
  await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  await expectTitle(page, 'Page Not Found | EyeMail');
  await screenshot(page, 'fallback');
  await page.getByRole('link', { name: 'Back to dashboard' }).click();
  await page.waitForURL((u) => u.pathname === '/');
  // Unknown API paths stay JSON.
  const res = await page.request.get('/api/no-such-endpoint');
  assert.equal(res.status(), 404);
  assert.equal((await res.json()).result, false);
});

test('terms of service and privacy policy are public', async () => {
  await signOut(page);
  await page.goto('/terms-of-service');
  await page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
  await expectTitle(page, 'Terms of Service | Legal | EyeMail');
  for (const text of ['18 years of age or older', 'inactive for 24 months or more', 'expire 12 months after the date of purchase', 'in the month before the event']) {
    await page.getByText(text).waitFor();
  }
  await screenshot(page, 'terms');
  await page.goto('/privacy-policy');
  await page.getByRole('heading', { name: 'Privacy Statement and Cookie Policy' }).waitFor();
  await page.getByText('Effective October 5, 2019').waitFor();
  for (const text of ['Members, who hold an EyeMail account', 'tracking pixel', 'forward-to-a-friend link', 'opt out of this data analytics', 'third-party messaging provider']) {
    await page.getByText(text).first().waitFor();
  }
});

test('forgot and reset password by the emailed link', async () => {
  await page.goto('/forgotpassword');
  await page.getByRole('link', { name: 'Sign up' }).waitFor();
  // A malformed address is refused in place.
  await page.getByLabel(/^Email/).fill('nobody@');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByText('Invalid email').first().waitFor();

  // An unknown address is answered exactly as a known one (nothing tells whether an account exists).
  await page.getByLabel(/^Email/).fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Submit' }).click();
  const sent = page.getByText('If an account uses this email address, a link to reset your password has been sent to it.');
  await sent.waitFor();
  await page.goto('/forgotpassword');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole('button', { name: 'Submit' }).click();
  await sent.waitFor();

  const mail = await server.mail.next(email, /reset/i);
  const link = linksIn(mail).find((l) => l.includes('/resetpassword?token='));
  assert.ok(link?.startsWith(`${server.url}/resetpassword?token=`), `reset link in: ${mail.text}`);

  // A made-up token goes straight to sign-in, which says why.
  await page.goto('/resetpassword?token=not-a-real-token');
  await page.waitForURL((u) => u.pathname === '/signin');
  const notice = page.getByRole('alert').filter({ hasText: 'This reset link no longer works' });
  await notice.getByText('This password reset link is invalid or has expired.').waitFor();

  await page.goto(link!);
  await page.getByLabel('New password').fill('Fresh2024');
  await page.getByLabel('Confirm password').fill('Fresh2025');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await page.getByText('Passwords do not match').waitFor();
  await page.getByLabel('Confirm password').fill('Fresh2024');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await page.waitForURL((u) => u.pathname === '/signin');
  await page.getByText('Your password has been reset successfully').waitFor();

  await signIn(page, email, 'Fresh2024');
  await page.waitForURL((u) => u.pathname === '/');
  await signOut(page);

  // The link was used up, and sign-in says so (not a fleeting toast), with a way to a new one.
  // The page's clock is ours to move: ten seconds pass for it at once, longer than any toast.
  await page.clock.install();
  await page.goto(link!);
  await page.waitForURL((u) => u.pathname === '/signin');
  await notice.getByText(/has already been used/).waitFor();
  await page.clock.runFor(10_000);
  assert.equal(await notice.isVisible(), true);
  await screenshot(page, 'signin-used-reset-link');
  await notice.getByRole('link', { name: 'Ask for a new link' }).click();
  await page.waitForURL((u) => u.pathname === '/forgotpassword');
});

test('the admin account lands on the admin dashboard', async () => {
  await page.goto('/signin?next=%2Fsettings');
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.waitForURL((u) => u.pathname === '/admin-dashboard');
  await page.getByRole('heading', { name: 'Hello, Admin!' }).waitFor();
  await page.getByText('Welcome to the Admin Dashboard').waitFor();
  await expectTitle(page, 'Admin Dashboard | Admin | EyeMail');
  for (const name of ['Dashboard', 'Manage Users', 'Media']) await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name }).waitFor();
  await screenshot(page, 'admin-dashboard');

  // Any page load as the admin goes to the admin dashboard (a second tab, so this one stays).
  const second = await context.newPage();
  await second.goto('/settings');
  await second.waitForURL((u) => u.pathname === '/admin-dashboard');
  await second.close();

  await page.getByRole('button', { name: 'Admin User, Administrator menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL((u) => u.pathname === '/signin');
  await page.goto('/admin-dashboard');
  await page.waitForURL((u) => u.pathname === '/signin');
});
