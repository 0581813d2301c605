import { afterEach, describe, expect, it } from '@jest/globals';
import { createStore } from 'jotai';
import { queryClient } from '@/lib/query-client';
import { userAtom } from './user-atom';
import { isOtherAccount, type User } from './user';
import { testUser } from '@/testing/test-user';

const person = (id: string, fullName = 'Ada Lovelace'): User => testUser({ id, fullName });

const cached = () => queryClient.getQueryData<string[]>(['snippets', 'list', {}]);

describe('userAtom', () => {
  afterEach(() => queryClient.clear());

  it("keeps the cache while the same account is updated (profile edits), drops it when the account changes", () => {
    const store = createStore();
    store.set(userAtom, person('a'));
    queryClient.setQueryData(['snippets', 'list', {}], ['a-snippet']);

    store.set(userAtom, person('a', 'Ada King'));
    expect(cached()).toEqual(['a-snippet']);
    expect(store.get(userAtom)?.fullName).toBe('Ada King');

    store.set(userAtom, person('b'));
    expect(cached()).toBeUndefined();
    expect(store.get(userAtom)?.id).toBe('b');
  });

  it('drops the cache when the session ends (an updater returning null) and applies the updater once', () => {
    const store = createStore();
    store.set(userAtom, person('a'));
    queryClient.setQueryData(['snippets', 'list', {}], ['a-snippet']);
    const seen: (User | null)[] = [];
    store.set(userAtom, (current) => {
      seen.push(current);
      return null;
    });
    expect(seen.map((u) => u?.id)).toEqual(['a']);
    expect(store.get(userAtom)).toBeNull();
    expect(cached()).toBeUndefined();
  });
});

describe('isOtherAccount', () => {
  it('compares accounts by id, nobody included', () => {
    expect(isOtherAccount(null, null)).toBe(false);
    expect(isOtherAccount({ id: 'a' }, { id: 'a' })).toBe(false);
    expect(isOtherAccount(null, { id: 'a' })).toBe(true);
    expect(isOtherAccount({ id: 'a' }, null)).toBe(true);
    expect(isOtherAccount({ id: 'a' }, { id: 'b' })).toBe(true);
  });
});
