import { orderByClause, registrationTypeOf, totalPages } from './user-list.js';
import { statusChangeRefusal } from './account.rules.js';

describe('admin user list helpers', () => {
  it('orders by the column, then newest first and id, so pages never overlap', () => {
    expect(orderByClause('videoCount', 'desc')).toBe('"videoCount" desc nulls last, "dateOfJoining" desc, id asc');
    expect(orderByClause('firstName', 'asc')).toBe('lower("firstName") asc nulls last, "dateOfJoining" desc, id asc');
  });

  it('counts at least one page and names tiers as the dashboard does', () => {
    expect(totalPages(0, 10)).toBe(1);
    expect(totalPages(10, 10)).toBe(1);
    expect(totalPages(11, 10)).toBe(2);
    expect(registrationTypeOf('premium')).toBe('Premium');
    expect(registrationTypeOf('express')).toBe('Express');
  });
});

describe('status change refusals', () => {
  it('never lets the admin deactivate themselves or another admin; activating is always fine', () => {
    expect(statusChangeRefusal('a1', { id: 'a1', role: 'admin' }, false)).toBe('You cannot deactivate your own account.');
    expect(statusChangeRefusal('a1', { id: 'a2', role: 'admin' }, false)).toBe('An admin account cannot be deactivated.');
    expect(statusChangeRefusal('a1', { id: 'u1', role: 'user' }, false)).toBeNull();
    expect(statusChangeRefusal('a1', { id: 'a1', role: 'admin' }, true)).toBeNull();
  });
});
