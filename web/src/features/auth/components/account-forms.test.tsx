// The sign-in, sign-up and company sign-up forms' own decisions, without a server or a browser: which message
// each empty or wrong field gets, that nothing is sent until the form is right, what is sent,
// the server's refusal shown in the form's alert, and where a signed-in user goes next.
import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/testing/render';
import { fakeApi } from '@/testing/fake-api';
import { SignInPage } from './signin-page';
import { SignUpPage } from './signup-page';
import { CompanySignUpPage } from './company-signup-page';

const USER = { id: 'u1', email: 'grace@example.com', fullName: 'Grace Hopper', role: 'user', tier: 'Express' };

describe('sign-in form', () => {
  it('names each field that is wrong and sends nothing', async () => {
    const api = fakeApi({});
    const { user } = renderWithProviders(<SignInPage />, { route: '/signin', path: '/signin' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Invalid email')).toBeTruthy();
    expect(screen.getByText('Invalid password')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Invalid email')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it("shows the server's refusal in the Login Failed! alert, its address as a mail link", async () => {
    fakeApi({ 'POST accounts/signin': { result: false, message: 'This account is deactivated. Write to help@eyemail.example for help.' } });
    const { user } = renderWithProviders(<SignInPage />, { route: '/signin', path: '/signin' });
    await user.type(screen.getByLabelText(/^Email/), 'grace@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Wrong1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Login Failed!');
    expect(screen.getByRole('link', { name: 'help@eyemail.example' }).getAttribute('href')).toBe('mailto:help@eyemail.example');
  });

  it('sends the address, password and Remember me, then goes to the page first asked for', async () => {
    const api = fakeApi({ 'POST accounts/signin': { result: true, body: USER } });
    const { user, router } = renderWithProviders(<SignInPage />, { route: '/signin', path: '/signin?next=%2Fsettings' });
    await user.type(screen.getByLabelText(/^Email/), 'grace@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Welcome123');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Another page');
    expect(router.state.location.pathname).toBe('/settings');
    expect(api.bodiesOf('POST accounts/signin')).toEqual([{ email: 'grace@example.com', password: 'Welcome123', rememberMe: true }]);
  });

  it('keeps ?next= on its Sign up link', () => {
    fakeApi({});
    renderWithProviders(<SignInPage />, { route: '/signin', path: '/signin?next=%2Fproduct-lines' });
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup?next=%2Fproduct-lines');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgotpassword');
  });
});

describe('sign-up form', () => {
  it('names every missing field, and two empty passwords confirm nothing', async () => {
    const api = fakeApi({});
    const { user } = renderWithProviders(<SignUpPage />, { route: '/signup', path: '/signup' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Please enter your name!')).toBeTruthy();
    expect(screen.getByText('Invalid email')).toBeTruthy();
    expect(screen.getAllByText('Invalid password')).toHaveLength(1);
    expect(screen.getByText('Please confirm your password')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('refuses passwords that do not match', async () => {
    const api = fakeApi({});
    const { user } = renderWithProviders(<SignUpPage />, { route: '/signup', path: '/signup' });
    await user.type(screen.getByLabelText(/^Full name/), 'Grace Hopper');
    await user.type(screen.getByLabelText(/^Email/), 'grace@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Welcome123');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Welcome124');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it("sends the chosen account type and shows the server's refusal in Signup Failed!", async () => {
    const api = fakeApi({ 'POST accounts/signup': { result: false, message: 'An account with this email address already exists.', errors: { email: 'Already taken' } } });
    const { user } = renderWithProviders(<SignUpPage />, { route: '/signup', path: '/signup' });
    await user.type(screen.getByLabelText(/^Full name/), ' Grace Hopper ');
    await user.type(screen.getByLabelText(/^Email/), 'grace@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Welcome123');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Welcome123');
    await user.click(screen.getByRole('radio', { name: /Express/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Signup Failed!');
    expect(alert.textContent).toContain('An account with this email address already exists.');
    expect(screen.getByText('Already taken')).toBeTruthy();
    expect(api.bodiesOf('POST accounts/signup')).toEqual([{ fullName: 'Grace Hopper', email: 'grace@example.com', password: 'Welcome123', confirmPassword: 'Welcome123', tier: 'enterprise' }]);
  });

  it('signs the new user in to home with the welcome flag', async () => {
    fakeApi({ 'POST accounts/signup': { result: true, body: USER } });
    const { user, router } = renderWithProviders(<SignUpPage />, { route: '/signup', path: '/signup' });
    await user.type(screen.getByLabelText(/^Full name/), 'Grace Hopper');
    await user.type(screen.getByLabelText(/^Email/), 'grace@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Welcome123');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Welcome123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByText('Another page');
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toContain('new');
  });
});

describe('company sign-up form', () => {
  it('names each missing field, refuses a domain given as an address, and sends the invite code', async () => {
    const api = fakeApi({ 'POST accounts/companysignup': { result: true, message: 'Your company account is ready.', body: { ...USER, fullName: 'Katherine Johnson' } } });
    const { user, router } = renderWithProviders(<CompanySignUpPage />, { route: '/companysignup/:id', path: '/companysignup/team-invite-42' });
    const create = screen.getByRole('button', { name: 'Create company account' });
    await user.click(create);
    for (const text of ['Please enter your name!', 'Invalid email!', 'Invalid password!', 'Please enter your company name.', 'Please enter domain name!', 'Please enter your department name.']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    await user.type(screen.getByLabelText(/^Full name/), 'Katherine Johnson');
    await user.type(screen.getByLabelText(/^Work email/), 'katherine@nasa.gov');
    await user.type(screen.getByLabelText(/^Password/), 'Orbit1962');
    await user.type(screen.getByLabelText(/^Company name/), 'Langley Research');
    await user.type(screen.getByLabelText(/^Domain/), 'https://nasa.gov/path');
    await user.type(screen.getByLabelText(/^Department/), 'Flight Research');
    await user.click(create);
    expect(screen.getByText('Please enter domain name!')).toBeTruthy();
    expect(screen.queryByText('Please enter your name!')).toBeNull();
    expect(api.calls).toEqual([]);

    await user.clear(screen.getByLabelText(/^Domain/));
    await user.type(screen.getByLabelText(/^Domain/), 'nasa.gov');
    await user.click(create);
    await screen.findByText('Another page');
    expect(router.state.location.pathname).toBe('/');
    expect(api.bodiesOf('POST accounts/companysignup')).toEqual([
      { fullName: 'Katherine Johnson', email: 'katherine@nasa.gov', password: 'Orbit1962', companyName: 'Langley Research', domain: 'nasa.gov', department: 'Flight Research', inviteCode: 'team-invite-42' },
    ]);
  });
});
