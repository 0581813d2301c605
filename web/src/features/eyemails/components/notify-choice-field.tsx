import { Card, Checkbox, Group, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { NOTIFY_EVENTS, NOTIFY_EVENT_LABEL, notifyChoiceText } from '@shared/notify-rules';
import type { NotifyChoice } from '@/features/eyemails/api/notify-setting';

// Which events of a named recipient mail the owner for this EyeMail: the account default (shown,
// not editable here) or its own set, none included.
export function NotifyChoiceField({
  value,
  accountEvents,
  onChange,
  loading,
  failed,
}: {
  value: NotifyChoice | null;
  accountEvents: readonly string[];
  onChange: (next: NotifyChoice) => void;
  loading?: boolean;
  failed?: boolean;
}) {
  return (
    <Card component="section" aria-labelledby="notify-choice-title" padding="lg">
      <Group gap="xs" mb={4}>
        <IconBell size={20} color="var(--mantine-color-brand-6)" aria-hidden />
        <Title order={2} fz="lg" id="notify-choice-title">
          Notifications
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        A mail to you when a named recipient of this EyeMail engages: at most one an hour per recipient, a digest of the rest.
      </Text>
      {failed && !value ? (
        <Text size="sm" c="red" role="alert">
          We could not load the notification choice. Saving leaves it as it was; reload the page to change it.
        </Text>
      ) : loading || !value ? (
        <Skeleton h={96} />
      ) : (
        <Stack gap="sm">
          <Radio.Group
            aria-label="Notifications for this EyeMail"
            value={value.inherit ? 'default' : 'custom'}
            onChange={(v) => onChange({ inherit: v === 'default', events: v === 'default' ? value.events : value.inherit ? [...NOTIFY_EVENTS].filter((e) => accountEvents.includes(e)) : value.events })}
          >
            <Stack gap="xs">
              <Radio value="default" label="Use my account default" description={notifyChoiceText({ inherit: false, events: accountEvents })} />
              <Radio value="custom" label="Choose for this EyeMail" />
            </Stack>
          </Radio.Group>
          {value.inherit ? null : (
            <Checkbox.Group
              label="Mail me for"
              description={value.events.length ? undefined : 'None chosen: this EyeMail sends you no mails.'}
              value={value.events}
              onChange={(v) => onChange({ inherit: false, events: NOTIFY_EVENTS.filter((e) => v.includes(e)) })}
              ml={{ base: 0, xs: 32 }}
            >
              <Group gap="md" mt={6}>
                {NOTIFY_EVENTS.map((e) => (
                  <Checkbox key={e} value={e} label={NOTIFY_EVENT_LABEL[e]} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
        </Stack>
      )}
    </Card>
  );
}
