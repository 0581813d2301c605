import { useEffect, useState } from 'react';
import { Button, Checkbox, ColorInput, Group, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { BUTTON_RADIUS_MAX, BUTTON_RADIUS_MIN, BUTTON_TEXT_MAX, MAX_BUTTONS, type ButtonSize, type CtaButton } from '@shared/snippet-rules';
import { canAddButton, draftErrors, draftPending, draftIsValid, draftOf, emptyDraft, removeButton, saveButton, type ButtonDraft } from '@/features/eyemails/utils/cta-editor-rules';
import { LabelledSegmentedControl } from '@/components/labelled-segmented-control';
import { TooltipIconButton } from '@/components/tooltip-icon-button';
import { CtaButtonsView } from './cta-buttons-view';

const SIZES: { value: ButtonSize; label: string }[] = [
  { value: 'small', label: 'Small' },
  { value: 'medium', label: 'Medium' },
  { value: 'large', label: 'Large' },
];

const SWATCHES = ['#444444', '#000000', '#ffffff', '#5b3df5', '#1c7ed6', '#0ca678', '#e8590c', '#e03131', '#f08c00'];

// The call-to-action buttons: a list with Edit and Remove, and one form for adding (no index)
// or editing (an index). Add and Update wait until the button is valid; the form then resets.
// onPendingChange: the form is open with input not yet added ('add') or updated ('update').
export function CtaEditor({ value, onChange, onPendingChange }: { value: CtaButton[]; onChange: (buttons: CtaButton[]) => void; onPendingChange?: (pending: 'add' | 'update' | null) => void }) {
  const [draft, setDraft] = useState<ButtonDraft | null>(null);
  const [start, setStart] = useState<ButtonDraft | null>(null);
  const [index, setIndex] = useState<number | null>(null);
  const open = (d: ButtonDraft, at: number | null) => {
    setDraft(d);
    setStart(d);
    setIndex(at);
  };
  const pending = draftPending(draft, start, index);
  useEffect(() => {
    onPendingChange?.(pending);
  }, [pending, onPendingChange]);
  useEffect(() => () => onPendingChange?.(null), [onPendingChange]);
  const errors = draft ? draftErrors(draft) : {};
  // Messages for what was typed; an empty required field only greys the button.
  const shown = (field: keyof typeof errors, typed: string) => (typed.trim() !== '' ? errors[field] : undefined);

  const close = () => {
    setDraft(null);
    setIndex(null);
  };
  const save = () => {
    if (!draft || !draftIsValid(draft)) return;
    onChange(saveButton(value, draft, index));
    close();
  };
  const set = <K extends keyof ButtonDraft>(k: K, v: ButtonDraft[K]) => setDraft((d) => (d ? { ...d, [k]: v } : d));

  return (
    <Stack gap="sm">
      {value.map((b, i) => (
        <Paper key={i} withBorder p="xs" radius="md" role="group" aria-label={`Button ${i + 1}: ${b.title}`} data-editing={index === i || undefined}>
          <Group gap="sm" wrap="nowrap">
            <div style={{ flex: 1, minWidth: 0 }}>
              <Group gap="sm" wrap="nowrap">
                <div style={{ flexShrink: 0, transform: 'scale(0.85)', transformOrigin: 'left center' }}>
                  <CtaButtonsView buttons={[b]} interactive={false} flush />
                </div>
                <Text size="xs" c="dimmed" truncate title={b.url}>
                  {b.url}
                </Text>
              </Group>
            </div>
            <TooltipIconButton tooltip="Edit" label={`Edit button ${b.title}`} onClick={() => open(draftOf(b), i)}>
              <IconEdit size={18} />
            </TooltipIconButton>
            <TooltipIconButton
              tooltip="Remove"
              label={`Remove button ${b.title}`}
              onClick={() => {
                onChange(removeButton(value, i));
                if (index !== null) close();
              }}
            >
              <IconTrash size={18} />
            </TooltipIconButton>
          </Group>
        </Paper>
      ))}

      {draft ? (
        <Paper withBorder p="md" radius="md" bg="gray.0" role="group" aria-label={index === null ? 'New button' : 'Edit button'}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {/* The box stops at the limit and counts, rather than taking more and then refusing them. */}
              <TextInput label="Button text" value={draft.title} onChange={(e) => set('title', e.currentTarget.value)} error={shown('title', draft.title)} maxLength={BUTTON_TEXT_MAX} description={`Up to ${BUTTON_TEXT_MAX} characters (${draft.title.length}/${BUTTON_TEXT_MAX})`} withAsterisk />
              <TextInput label="Button URL" value={draft.url} onChange={(e) => set('url', e.currentTarget.value)} error={shown('url', draft.url)} placeholder="example.com/offer" description="https:// is added when left out" withAsterisk />
              <ColorInput label="Background color" value={draft.backgroundColor} onChange={(v) => set('backgroundColor', v)} error={errors.backgroundColor} swatches={SWATCHES} format="hex" withAsterisk />
              <ColorInput label="Font color" value={draft.fontColor} onChange={(v) => set('fontColor', v)} error={errors.fontColor} swatches={SWATCHES} format="hex" withAsterisk />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <LabelledSegmentedControl label="Button size" size="xs" data={SIZES} value={draft.btnSize} onChange={(v) => set('btnSize', v as ButtonSize)} />
              <LabelledSegmentedControl label="Font size" size="xs" data={SIZES} value={draft.fontSize} onChange={(v) => set('fontSize', v as ButtonSize)} />
            </SimpleGrid>
            <Group gap="lg" align="flex-end">
              <NumberInput label="Radius" value={draft.radius} onChange={(v) => set('radius', v)} min={BUTTON_RADIUS_MIN} max={BUTTON_RADIUS_MAX} allowDecimal={false} error={errors.radius} w={140} suffix=" px" size="sm" />
              <Checkbox label="Bold" checked={draft.bold} onChange={(e) => set('bold', e.currentTarget.checked)} mb={8} />
            </Group>
            <div>
              <Text size="xs" c="dimmed" mb={4}>
                Looks like
              </Text>
              {draftIsValid(draft) ? (
                <CtaButtonsView buttons={[saveButton([], draft, null)[0]!]} interactive={false} flush />
              ) : (
                <Text size="sm" c="dimmed">
                  Fill in the text and the URL to see the button.
                </Text>
              )}
            </div>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button onClick={save} disabled={!draftIsValid(draft)}>
                {index === null ? 'Add' : 'Update'}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : canAddButton(value) ? (
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => open(emptyDraft(), null)}
          style={{ alignSelf: 'flex-start' }}
        >
          Add button
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          You can add up to {MAX_BUTTONS} call-to-action buttons.
        </Text>
      )}
    </Stack>
  );
}
