import 'reflect-metadata';
import { checkBody as check } from '../../common/validation/input-check.fixtures.js';
import { NOTIFY_MESSAGES as M } from '../../shared/notify-rules.js';
import { AccountNotifySettingDto, FOLLOW_MESSAGES as F, FollowSnippetDto, SnippetNotifySettingDto } from './notify-setting.dto.js';

describe('notification setting bodies', () => {
  it('read the account default: a list of events, empty for none', async () => {
    expect((await check(AccountNotifySettingDto, { events: ['click', 'open'], extra: 1 })).value).toEqual({ events: ['click', 'open'] });
    expect((await check(AccountNotifySettingDto, { events: [] })).value?.events).toEqual([]);
    expect((await check(AccountNotifySettingDto, {})).errors).toEqual({ events: M.events });
    expect((await check(AccountNotifySettingDto, { events: ['open', 'send'] })).errors).toEqual({ events: M.events });
  });

  it("read an EyeMail's choice: its own events, or inherit", async () => {
    expect((await check(SnippetNotifySettingDto, { inherit: true })).value).toEqual({ inherit: true });
    expect((await check(SnippetNotifySettingDto, { inherit: false, events: ['half'] })).value).toEqual({ inherit: false, events: ['half'] });
    expect((await check(SnippetNotifySettingDto, { events: [] })).value).toEqual({ events: [] });
  });

  it('refuse a choice that says neither, or says it wrongly', async () => {
    expect((await check(SnippetNotifySettingDto, {})).errors).toEqual({ events: M.events });
    expect((await check(SnippetNotifySettingDto, { inherit: false })).errors).toEqual({ events: M.events });
    expect((await check(SnippetNotifySettingDto, { inherit: 'yes', events: ['open'] })).errors).toEqual({ inherit: M.inherit });
    expect((await check(SnippetNotifySettingDto, { inherit: true, events: 'open' })).errors).toEqual({ events: M.events });
  });

  it('read a follow: following with at least one event, or not following', async () => {
    expect((await check(FollowSnippetDto, { following: true, events: ['open'] })).value).toEqual({ following: true, events: ['open'] });
    expect((await check(FollowSnippetDto, { following: false })).value).toEqual({ following: false });
    expect((await check(FollowSnippetDto, {})).errors).toEqual({ following: F.following });
    expect((await check(FollowSnippetDto, { following: 'yes', events: ['open'] })).errors).toEqual({ following: F.following });
    expect((await check(FollowSnippetDto, { following: true })).errors).toEqual({ events: M.events });
    expect((await check(FollowSnippetDto, { following: true, events: [] })).errors).toEqual({ events: F.events });
    expect((await check(FollowSnippetDto, { following: true, events: ['open', 'send'] })).errors).toEqual({ events: M.events });
  });
});
