import { useState } from 'react';
import { Checkbox, Group, Stack, Switch, Text } from '@mantine/core';
import { NOTIFY_EVENTS, NOTIFY_EVENT_LABEL, notifyChoiceText, type NotifyEvent } from '@shared/notify-rules';
import { useNotifySetting } from '@/features/eyemails/api/notify-setting';
import { useFollow, useSaveFollow, type FollowChange } from '@/features/eyemails/api/follow';

// What each event is, said of someone who got the EyeMail.
const DOING: Record<NotifyEvent, string> = {
  open: 'opens it',
  play: 'plays its video',
  half: 'watches at least half of it',
  end: 'watches it to the end',
  sound: 'turns its sound on',
  click: 'clicks it',
};

// "opens it, plays its video or clicks it". Pure.
export function followedText(events: readonly NotifyEvent[]): string {
  const list = NOTIFY_EVENTS.filter((e) => events.includes(e)).map((e) => DOING[e]);
  return list.length > 1 ? `${list.slice(0, -1).join(', ')} or ${list[list.length - 1]}` : (list[0] ?? '');
}

// What mails the creator for this EyeMail (changed on the Modify page).
function NotifyRow({ snippetId }: { snippetId: string }) {
  const { data, isError } = useNotifySetting(snippetId);
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: '0.04em' }} id="notify-row-label">
        Notifications
      </Text>
      <Text size="sm" aria-labelledby="notify-row-label" data-testid="notify-choice">
        {data ? notifyChoiceText(data) : isError ? 'Could not load' : 'Loading…'}
      </Text>
    </div>
  );
}

// The EyeMail page's notifications for the signed-in member: its creator sees what mails them;
// any other member a Follow switch with the events to follow, saved at once.
export function FollowControl({ snippetId }: { snippetId: string }) {
  const { data, isError } = useFollow(snippetId);
  const save = useSaveFollow(snippetId);
  const [failure, setFailure] = useState<string | null>(null);

  if (data?.creator) return <NotifyRow snippetId={snippetId} />;

  const change = async (next: FollowChange) => {
    setFailure(null);
    const res = await save.mutateAsync(next).catch(() => null);
    if (!res?.result) setFailure(res?.message || 'We could not save this. Try again.');
  };

  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
        Notifications
      </Text>
      {!data ? (
        <Text size="sm">{isError ? 'Could not load' : 'Loading…'}</Text>
      ) : (
        <Stack gap="xs" mt={4}>
          <Switch
            label="Follow this EyeMail"
            checked={data.following}
            disabled={save.isPending}
            onChange={(e) => void change(e.currentTarget.checked ? { following: true, events: data.events } : { following: false })}
            description={
              data.following
                ? `You get a mail, and an entry in the bell, when someone ${followedText(data.events)}: at most one mail an hour per recipient, the rest in a digest.`
                : `Its creator gets its notifications. Follow it to get a mail too when someone ${followedText(data.events)}.`
            }
          />
          {data.following ? (
            <Checkbox.Group
              label="Follow"
              description={data.events.length === 1 ? 'Keep at least one, or turn Follow off.' : undefined}
              value={data.events}
              onChange={(v) => {
                const events = NOTIFY_EVENTS.filter((e) => v.includes(e));
                if (events.length) void change({ following: true, events });
              }}
            >
              <Group gap="sm" mt={6}>
                {NOTIFY_EVENTS.map((e) => (
                  <Checkbox key={e} value={e} label={NOTIFY_EVENT_LABEL[e]} disabled={save.isPending || (data.events.length === 1 && data.events[0] === e)} />
                ))}
              </Group>
            </Checkbox.Group>
          ) : null}
          {failure ? (
            <Text size="sm" c="red" role="alert">
              {failure}
            </Text>
          ) : null}
        </Stack>
      )}
    </div>
  );
}
