import { startTestApp, type TestApp } from '../support/app.js';
import { newClient, signIn, signUp, uniqueEmail, type SignedUpUser } from '../support/account-factory.js';

describe('profile and settings', () => {
  let t: TestApp;
  let france: number;
  let paris: number;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'true' });
    const u = await signUp(t);
    const countries = (await u.client.get('/api/countries').expect(200)).body.body as { countryId: number; countryCode: string }[];
    france = countries.find((c) => c.countryCode === 'FR')!.countryId;
    const zones = (await u.client.get('/api/timezones').expect(200)).body.body as { timezoneId: number; timezoneName: string }[];
    paris = zones.find((z) => z.timezoneName === 'Europe/Paris')!.timezoneId;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('countries and time zones', () => {
    it('lists every ISO 3166-1 country, sorted by name', async () => {
      const u = await signUp(t);
      const res = await u.client.get('/api/countries').expect(200);
      const list = res.body.body as { countryId: number; countryName: string; countryCode: string }[];
      expect(list).toHaveLength(249);
      expect(list).toContainEqual({ countryId: expect.any(Number), countryName: 'France', countryCode: 'FR' });
      expect(list).toContainEqual(expect.objectContaining({ countryName: 'Japan', countryCode: 'JP' }));
      expect(new Set(list.map((c) => c.countryCode)).size).toBe(249);
      expect(list.every((c) => /^[A-Z]{2}$/.test(c.countryCode) && Number.isInteger(c.countryId))).toBe(true);
      const names = list.map((c) => c.countryName);
      expect(names).toEqual([...names].sort(new Intl.Collator('en', { sensitivity: 'base' }).compare));
      expect(names[0]).toBe('Afghanistan');
    });

    it('lists IANA time zones with their current names', async () => {
      const u = await signUp(t);
      const list = (await u.client.get('/api/timezones').expect(200)).body.body as { timezoneId: number; timezoneName: string }[];
      const names = list.map((z) => z.timezoneName);
      expect(names).toEqual(expect.arrayContaining(['Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'Europe/Kyiv', 'UTC']));
      expect(list.length).toBeGreaterThan(400);
      expect(new Set(list.map((z) => z.timezoneId)).size).toBe(list.length);
      // Every one is a zone the runtime knows.
      for (const name of names) expect(() => new Intl.DateTimeFormat('en', { timeZone: name })).not.toThrow();
    });
  });

  describe('GET and PUT users/profile', () => {
    let u: SignedUpUser;
    beforeEach(async () => {
      u = await signUp(t, { fullName: 'Ann Marie Lee', tier: 'enterprise' });
    });
    const valid = (overrides: Record<string, unknown> = {}) => ({ firstName: 'Ann', lastName: 'Lee', email: u.email, country: france, timezone: paris, ...overrides });

    it('shows the profile of the signed-in user', async () => {
      const res = await u.client.get('/api/users/profile').expect(200);
      expect(res.body.body).toEqual({
        firstName: 'Ann',
        lastName: 'Marie Lee',
        email: u.email,
        countryId: null,
        timezoneId: null,
        tier: 'enterprise',
        profilePictureUrl: null,
      });
    });

    it('updates name, country and time zone', async () => {
      const res = await u.client.put('/api/users/profile').send(valid({ firstName: '  Annie ', lastName: ' Smith ' })).expect(200);
      expect(res.body).toMatchObject({ result: true, message: 'Profile updated successfully' });
      expect(res.body.body).toEqual({ firstName: 'Annie', lastName: 'Smith', email: u.email, countryId: france, timezoneId: paris, tier: 'enterprise', profilePictureUrl: null });
      expect((await u.client.get('/api/users/profile')).body.body).toEqual(res.body.body);
      const me = (await u.client.post('/api/accounts/trysignin')).body.body;
      expect(me).toMatchObject({ fullName: 'Annie Smith', countryId: france, timezoneId: paris });
    });

    it('accepts null country and time zone, numeric strings, and an empty last name', async () => {
      await u.client.put('/api/users/profile').send(valid()).expect(200);
      const cleared = await u.client.put('/api/users/profile').send(valid({ lastName: '', country: null, timezone: null })).expect(200);
      expect(cleared.body.body).toMatchObject({ lastName: null, countryId: null, timezoneId: null });
      const strings = await u.client.put('/api/users/profile').send(valid({ country: String(france), timezone: String(paris) })).expect(200);
      expect(strings.body.body).toMatchObject({ countryId: france, timezoneId: paris });
    });

    it.each([
      ['firstName', '', 'Please enter your first name!'],
      ['firstName', '   ', 'Please enter your first name!'],
      ['firstName', 'x'.repeat(91), 'Please enter your first name!'],
      ['lastName', 'y'.repeat(91), 'Please enter your last name!'],
      ['email', 'nope', 'Invalid email'],
      ['email', undefined, 'Invalid email'],
      ['country', 0, 'Invalid country'],
      ['country', 'France', 'Invalid country'],
      ['country', 99999, 'Invalid country'],
      ['country', undefined, 'Invalid country'],
      ['timezone', 0, 'Invalid timezone'],
      ['timezone', 1.5, 'Invalid timezone'],
      ['timezone', 99999, 'Invalid timezone'],
    ])('refuses %s %p with %p and changes nothing', async (field, value, message) => {
      const res = await u.client.put('/api/users/profile').send(valid({ [field]: value, firstName: field === 'firstName' ? value : 'Changed' })).expect(400);
      expect(res.body).toMatchObject({ result: false, message, errors: { [field]: message } });
      expect((await u.client.get('/api/users/profile')).body.body.firstName).toBe('Ann');
    });

    it('refuses an address another account uses, whatever its case, with 409', async () => {
      const other = await signUp(t);
      const res = await u.client.put('/api/users/profile').send(valid({ email: other.email.toUpperCase() })).expect(409);
      expect(res.body.message).toBe('An account with this email address already exists.');
      // Its own address in another case is fine.
      await u.client.put('/api/users/profile').send(valid({ email: u.email.toUpperCase() })).expect(200);
    });

    it('cannot change the tier, the role or someone else', async () => {
      const other = await signUp(t);
      await u.client
        .put('/api/users/profile')
        .send({ ...valid(), tier: 'standard', role: 'admin', id: other.id, userId: other.id })
        .expect(200);
      const me = (await u.client.post('/api/accounts/trysignin')).body.body;
      expect(me).toMatchObject({ id: u.id, tier: 'enterprise', role: 'user' });
      expect((await other.client.get('/api/users/profile')).body.body.firstName).toBe('Ann');
      expect((await other.client.get('/api/users/profile')).body.body.email).toBe(other.email);
    });

    it('signs in with a changed address', async () => {
      const email = uniqueEmail('renamed');
      await u.client.put('/api/users/profile').send(valid({ email })).expect(200);
      await signIn(t, email, u.password);
      await (await newClient(t)).post('/api/accounts/signin').send({ email: u.email, password: u.password }).expect(401);
    });
  });

  describe('PUT users/profile-password', () => {
    it('changes the password, keeps this session and ends the others', async () => {
      const u = await signUp(t);
      const other = await signIn(t, u.email, u.password);
      const res = await u.client.put('/api/users/profile-password').send({ currentPassword: u.password, newPassword: 'Fresh9Pass' }).expect(200);
      expect(res.body).toMatchObject({ result: true, message: 'Password updated successfully' });
      await u.client.post('/api/accounts/trysignin').expect(200);
      expect((await other.post('/api/accounts/trysignin').expect(200)).body).toMatchObject({ result: false, body: null });
      await signIn(t, u.email, 'Fresh9Pass');
      await (await newClient(t)).post('/api/accounts/signin').send({ email: u.email, password: u.password }).expect(401);
    });

    it.each([
      [{ currentPassword: 'Secret123', newPassword: 'weak' }, 'newPassword', 'Invalid password'],
      [{ currentPassword: 'Secret123', newPassword: 'Secret123' }, 'newPassword', 'Please enter a password different than the current one'],
      [{ currentPassword: '', newPassword: 'Fresh9Pass' }, 'currentPassword', 'Please enter your current password.'],
      [{ currentPassword: 'Secret123', newPassword: 'Fresh9Pass', confirmPassword: 'Fresh9Pasz' }, 'confirmPassword', 'Passwords do not match.'],
      [{ currentPassword: 'Wrong9Pass', newPassword: 'Fresh9Pass' }, 'currentPassword', 'Your current password is incorrect.'],
    ])('refuses %p', async (payload, field, message) => {
      const u = await signUp(t, { password: 'Secret123' });
      const res = await u.client.put('/api/users/profile-password').send(payload).expect(400);
      expect(res.body).toMatchObject({ result: false, message, errors: { [field]: message } });
      await signIn(t, u.email, 'Secret123');
    });

    it('limits attempts per user', async () => {
      const u = await signUp(t);
      for (let i = 0; i < 10; i++) await u.client.put('/api/users/profile-password').send({ currentPassword: 'Wrong9Pass', newPassword: 'Fresh9Pass' }).expect(400);
      const res = await u.client.put('/api/users/profile-password').send({ currentPassword: u.password, newPassword: 'Fresh9Pass' }).expect(429);
      expect(res.body.message).toBe('Too many attempts. Please wait a few minutes and try again.');
    });
  });
});
