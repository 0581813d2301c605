import { Button, Checkbox, Group, Select, Skeleton, Stack, Switch } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconBell } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { toast } from '@/components/toasts';
import { notificationsApi, SETTINGS_KEY, useAccountSetting, useEyeMailList, useSnippetSetting } from '../api/notifications-api';
import { EVENT_LABEL, NOTIFY_EVENTS, type NotifyEvent } from '../utils/notification-text';
import { SectionCard } from '@/components/section-card';

function EventChoices({ label, value, onChange, disabled }: { label: string; value: NotifyEvent[]; onChange: (v: NotifyEvent[]) => void; disabled?: boolean }) {
  return (
    <Checkbox.Group label={label} value={value} onChange={(v) => onChange(NOTIFY_EVENTS.filter((e) => v.includes(e)))}>
      <Group gap="md" mt={6}>
        {NOTIFY_EVENTS.map((e) => (
          <Checkbox key={e} value={e} label={EVENT_LABEL[e]} disabled={disabled} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

// What mails you: the account default, and one EyeMail's own choice (or the default).
export function NotificationSettingsCard() {
  const account = useAccountSetting();
  const eyemails = useEyeMailList();
  const client = useQueryClient();
  const [events, setEvents] = useState<NotifyEvent[]>([]);
  const [chosen, setChosen] = useState<string | null>(null);
  const snippet = useSnippetSetting(chosen);
  const [own, setOwn] = useState<NotifyEvent[]>([]);
  const [inherit, setInherit] = useState(true);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (account.data) setEvents(account.data.events);
  }, [account.data]);
  useEffect(() => {
    if (snippet.data) {
      setInherit(snippet.data.inherit);
      setOwn(snippet.data.events);
    }
  }, [snippet.data]);

  const saveAccount = async () => {
    setSaving(true);
    const res = await notificationsApi.saveAccount(events);
    setSaving(false);
    if (res.result) toast.success(res.message, 'Saved');
    else toast.error(res.message, 'Not saved');
    await client.invalidateQueries({ queryKey: SETTINGS_KEY });
  };

  const saveSnippet = async () => {
    if (!chosen) return;
    setSaving(true);
    const res = await notificationsApi.saveSnippet(chosen, inherit ? { inherit: true } : { events: own });
    setSaving(false);
    if (res.result) toast.success(res.message, 'Saved');
    else toast.error(res.message, 'Not saved');
    await client.invalidateQueries({ queryKey: SETTINGS_KEY });
  };

  return (
    <SectionCard id="notifications" anchor="notifications" icon={IconBell} title="Notifications" introGap="md" intro="A mail when a named recipient engages: at most one an hour per recipient and EyeMail, a digest of the rest. Machine traffic never mails.">
      {account.isPending ? (
        <Skeleton h={80} />
      ) : (
        <Stack gap="lg">
          <Stack gap="xs">
            <EventChoices label="Mail me for (every EyeMail)" value={events} onChange={setEvents} />
            <Group>
              <Button onClick={() => void saveAccount()} loading={saving}>
                Save default
              </Button>
            </Group>
          </Stack>
          <Stack gap="xs">
            <Select
              label="One EyeMail"
              placeholder="Choose an EyeMail"
              data={(eyemails.data ?? []).map((s) => ({ value: s.snippet, label: s.title }))}
              value={chosen}
              onChange={setChosen}
              searchable
              clearable
            />
            {chosen && snippet.data ? (
              <>
                <Switch label="Same as the default" checked={inherit} onChange={(e) => setInherit(e.currentTarget.checked)} />
                <EventChoices label="Mail me for (this EyeMail)" value={inherit ? snippet.data.accountEvents : own} onChange={setOwn} disabled={inherit} />
                <Group>
                  <Button variant="light" onClick={() => void saveSnippet()} loading={saving}>
                    Save for this EyeMail
                  </Button>
                </Group>
              </>
            ) : null}
          </Stack>
        </Stack>
      )}
    </SectionCard>
  );
}
