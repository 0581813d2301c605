import { ADMIN_MESSAGES, parseCompanyListQuery, parseStatusChange, parseUserListQuery, parseVideoQuery } from './admin-query.js';

describe('admin user list query', () => {
  it('defaults to page 1 of 12, everyone, newest joiners first', () => {
    expect(parseUserListQuery({})).toEqual({ value: { page: 1, size: 12, active: null, key: null, sort: 'dateOfJoining', order: 'desc' }, errors: {} });
  });

  it('reads the spec casing and any other, trims the key, maps status', () => {
    expect(parseUserListQuery({ Page: '3', SIZE: '10', status: '0', key: '  Ann ', sort: 'VIDEOCOUNT', order: 'DESC' }).value).toEqual({
      page: 3,
      size: 10,
      active: false,
      key: 'Ann',
      sort: 'videoCount',
      order: 'desc',
    });
    expect(parseUserListQuery({ status: '1' }).value?.active).toBe(true);
    expect(parseUserListQuery({ status: 'ALL', key: '   ' }).value).toMatchObject({ active: null, key: null });
    expect(parseUserListQuery({ sort: 'email' }).value).toMatchObject({ sort: 'email', order: 'asc' });
    // Newest first only by default: the joining date asked for by name reads oldest first.
    expect(parseUserListQuery({ sort: 'DateOfJoining' }).value).toMatchObject({ sort: 'dateOfJoining', order: 'asc' });
  });

  it('refuses values out of range instead of guessing', () => {
    expect(parseUserListQuery({ size: '101', Page: '0', status: 'x', sort: 'password', order: 'sideways' }).errors).toEqual({
      Page: ADMIN_MESSAGES.page,
      size: ADMIN_MESSAGES.size,
      status: ADMIN_MESSAGES.status,
      sort: ADMIN_MESSAGES.sort,
      order: ADMIN_MESSAGES.order,
    });
    expect(parseUserListQuery({ size: '1.5' }).errors).toEqual({ size: ADMIN_MESSAGES.size });
    expect(parseUserListQuery({ size: '100' }).value?.size).toBe(100);
  });
});

describe('admin status change and video queries', () => {
  it('reads EmailId and Status 1 or 0', () => {
    expect(parseStatusChange({ EmailId: ' a@b.co ', Status: '0' })).toEqual({ value: { email: 'a@b.co', active: false }, errors: {} });
    expect(parseStatusChange({ emailid: 'a@b.co', status: '1' }).value).toEqual({ email: 'a@b.co', active: true });
    expect(parseStatusChange({ EmailId: 'nope', Status: 'true' }).errors).toEqual({ EmailId: ADMIN_MESSAGES.email, Status: ADMIN_MESSAGES.newStatus });
  });

  it('treats an empty or "null" emailId as everyone', () => {
    expect(parseVideoQuery({ emailId: 'null' }).value).toEqual({ email: null, page: 1, size: 24 });
    expect(parseVideoQuery({ emailId: '' }).value?.email).toBeNull();
    expect(parseVideoQuery({ emailId: 'x@y.z', Page: '2', size: '5' }).value).toEqual({ email: 'x@y.z', page: 2, size: 5 });
    expect(parseVideoQuery({ emailId: 'zzz' }).errors).toEqual({ emailId: 'emailId must be an email address.' });
  });
});

describe('admin company list query', () => {
  it('defaults to page 1 of 10, every company, newest first', () => {
    expect(parseCompanyListQuery({})).toEqual({ value: { page: 1, size: 10, key: null, sort: 'createdDate', order: 'desc' }, errors: {} });
  });

  it('reads any casing, trims the key; names read A-Z and counts largest first unless asked', () => {
    expect(parseCompanyListQuery({ PAGE: '2', Size: '5', KEY: '  acme ', SORT: 'storagebytes' }).value).toEqual({ page: 2, size: 5, key: 'acme', sort: 'storageBytes', order: 'desc' });
    expect(parseCompanyListQuery({ sort: 'name' }).value).toMatchObject({ sort: 'name', order: 'asc' });
    expect(parseCompanyListQuery({ sort: 'memberCount', order: 'ASC' }).value).toMatchObject({ sort: 'memberCount', order: 'asc' });
    expect(parseCompanyListQuery({ key: '   ' }).value?.key).toBeNull();
  });

  it('refuses values out of range instead of guessing', () => {
    expect(parseCompanyListQuery({ Page: '0', size: '101', sort: 'ownerPassword', order: 'up' }).errors).toEqual({
      Page: ADMIN_MESSAGES.page,
      size: ADMIN_MESSAGES.size,
      sort: ADMIN_MESSAGES.companySort,
      order: ADMIN_MESSAGES.order,
    });
  });
});
