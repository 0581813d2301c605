import { useState } from 'react';
import { Button, Checkbox, Group, Modal, MultiSelect, Radio, Stack, TextInput } from '@mantine/core';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type WebhookEvent } from '@shared/webhook-events';
import { integrationsApi, useEyeMailChoices, type WebhookEndpoint } from '../api/integrations-api';

interface Props {
  // null: a new endpoint.
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  // A new endpoint comes with its secret, shown once.
  onSaved: (saved: WebhookEndpoint & { secret?: string }) => void;
}

// Add or change an endpoint: its address, the events it wants, all EyeMails or some.
export function WebhookFormModal({ endpoint, onClose, onSaved }: Props) {
  const eyemails = useEyeMailChoices();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<string[]>(endpoint?.events ?? [...WEBHOOK_EVENTS]);
  const [scope, setScope] = useState<'all' | 'some'>(endpoint?.snippetIds ? 'some' : 'all');
  const [chosen, setChosen] = useState<string[]>(endpoint?.snippetIds ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setSaving(true);
    const form = { url, description: description.trim() || null, events: events as WebhookEvent[], snippetIds: scope === 'all' ? null : chosen };
    const res = endpoint ? await integrationsApi.updateEndpoint(endpoint.id, form) : await integrationsApi.createEndpoint(form);
    setSaving(false);
    if (res.result && res.body) onSaved(res.body);
    else setErrors(res.errors ?? { url: res.message });
  };

  return (
    <Modal opened onClose={onClose} title={endpoint ? 'Edit endpoint' : 'Add endpoint'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Endpoint URL"
            description="An https address of your receiver (your CRM, Zapier, Make, your own server)."
            placeholder="https://hooks.example.com/eyemail"
            required
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            error={errors.url}
            data-autofocus
          />
          <TextInput label="Description" placeholder="Optional, e.g. HubSpot" value={description} onChange={(e) => setDescription(e.currentTarget.value)} error={errors.description} maxLength={200} />
          <Checkbox.Group
            label="Events"
            description="A play's events come once per play: played once 2 s have played, watched at 25, 50, 75 and 100 % (the milestone and the share watched in the data), sound on."
            value={events}
            onChange={setEvents}
            error={errors.events}
            required
          >
            <Stack gap={6} mt={6}>
              {WEBHOOK_EVENTS.map((ev) => (
                <Checkbox key={ev} value={ev} label={`${WEBHOOK_EVENT_LABELS[ev]} (${ev})`} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Radio.Group label="EyeMails" value={scope} onChange={(v) => setScope(v as 'all' | 'some')}>
            <Group gap="lg" mt={6}>
              <Radio value="all" label="All EyeMails, now and later" />
              <Radio value="some" label="Only some" />
            </Group>
          </Radio.Group>
          {scope === 'some' && (
            <MultiSelect
              label="Choose EyeMails"
              placeholder={eyemails.isPending ? 'Loading…' : 'Pick one or more'}
              data={(eyemails.data ?? []).map((s) => ({ value: s.snippet, label: s.title }))}
              value={chosen}
              onChange={setChosen}
              searchable
              error={errors.snippetIds}
              nothingFoundMessage="No EyeMail of that name"
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {endpoint ? 'Save' : 'Add endpoint'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
