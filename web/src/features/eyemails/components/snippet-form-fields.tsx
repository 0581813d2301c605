import { Badge, Card, Checkbox, Group, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import { LOGO_WIDTH_MAX, LOGO_WIDTH_MIN, TITLE_MAX, type CoverPlacement, type LogoAlignment } from '@shared/snippet-rules';
import { completeLandingPageUrl, completeVideoLink, shownPublicTitle, withOverlayChecked, type FileRef, type FormErrors, type SnippetFormValues } from '@/features/eyemails/utils/snippet-form';
import type { EncodingStatus } from '@/features/eyemails/utils/use-video-encoding';
import { AssetField } from './asset-field';
import { CtaEditor } from './cta-editor';
import { VideoField } from './video-field';
import { VideoWidthInput } from './video-width-input';
import { CompletedUrlInput } from './completed-url-input';
import { LabelledSegmentedControl } from '@/components/labelled-segmented-control';

const LOGO_ALIGNMENTS = [
  { value: 'left', label: 'Left' },
  { value: 'center', label: 'Center' },
  { value: 'right', label: 'Right' },
];

const COVER_PLACEMENTS = [
  { value: 'above', label: 'Above video' },
  { value: 'below', label: 'Below video' },
];

const SPACING = [
  { value: '0', label: 'None' },
  { value: '1', label: 'Small' },
  { value: '2', label: 'Medium' },
  { value: '3', label: 'Large' },
];

export interface SnippetFormFieldsProps {
  values: SnippetFormValues;
  onChange: (next: SnippetFormValues) => void;
  errors: FormErrors;
  express: boolean;
  // The edit page also offers a GIF of its own.
  withGif?: boolean;
  encoding: EncodingStatus;
  onRetryEncoding: () => void;
  // Per upload control: whether a file is still being sent.
  onBusyChange: (field: string, busy: boolean) => void;
  // The button form holds input not yet added or updated.
  onButtonPending?: (pending: 'add' | 'update' | null) => void;
}

function Section({ title, premium, children, description }: { title: string; premium?: boolean; description?: string; children: React.ReactNode }) {
  return (
    <Card component="section" aria-label={title} padding="lg">
      <Group justify="space-between" mb={description ? 4 : 'md'} gap="xs">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {premium ? (
          <Badge variant="light" color="grape" leftSection={<IconCrown size={12} />}>
            Premium
          </Badge>
        ) : null}
      </Group>
      {description ? (
        <Text size="sm" c="dimmed" mb="md">
          {description}
        </Text>
      ) : null}
      <Stack gap="md">{children}</Stack>
    </Card>
  );
}

// Every field of the EyeMail form (spec 01 section 2), in sections. Express accounts see the
// video, its icon and links only.
export function SnippetFormFields({ values, onChange, errors, express, withGif = false, encoding, onRetryEncoding, onBusyChange, onButtonPending }: SnippetFormFieldsProps) {
  const set = <K extends keyof SnippetFormValues>(k: K, v: SnippetFormValues[K]) => onChange({ ...values, [k]: v });
  // An image field's wiring: its upload kind is its field's name.
  const asset = (k: 'logo' | 'cover' | 'videoIcon' | 'gif') => ({
    fileType: k,
    value: values[k],
    onChange: (v: FileRef | null) => set(k, v),
    onBusyChange: (b: boolean) => onBusyChange(k, b),
  });

  return (
    <Stack gap="lg">
      <Section title="Video">
        <TextInput
          label="Name"
          description="Only you see it: it names the EyeMail in your list, reports and the downloaded file."
          placeholder="Spring launch"
          value={values.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          error={errors.title}
          maxLength={TITLE_MAX + 20}
          withAsterisk
        />
        <TextInput
          label="Title recipients see"
          description="The web view's title and what screen readers and blocked images say in the email. Starts as the name; left empty, the name is used."
          placeholder={values.title.trim() || 'Spring launch'}
          value={shownPublicTitle(values)}
          onChange={(e) => set('publicTitle', e.currentTarget.value)}
          error={errors.publicTitle}
          maxLength={TITLE_MAX + 20}
        />
        <VideoField
          value={values.video}
          onChange={(v) => set('video', v)}
          onBusyChange={(b) => onBusyChange('video', b)}
          encoding={encoding}
          onRetryEncoding={onRetryEncoding}
          error={errors.video}
        />
        <div>
          <Checkbox
            label="Show a mute icon on the video"
            description="Tells recipients the video has sound. It is drawn into the video, so changing it processes the video again."
            checked={values.addVideoOverlay}
            onChange={(e) => onChange(withOverlayChecked(values, e.currentTarget.checked))}
          />
          {values.addVideoOverlay ? (
            <SegmentedControl
              mt="xs"
              ml={32}
              size="xs"
              aria-label="Mute icon colour"
              data={[
                { value: 'black', label: 'Black' },
                { value: 'white', label: 'White' },
              ]}
              value={values.videoOverlay === 'white' ? 'white' : 'black'}
              onChange={(v) => set('videoOverlay', v as 'black' | 'white')}
            />
          ) : null}
        </div>
        <VideoWidthInput label="Video width" hint="600 fits most emails" value={values.width} onChange={(v) => set('width', v)} error={errors.width} width={260} />
        {withGif ? (
          <AssetField
            label="GIF"
            description="Optional: your own animated GIF for inboxes that do not play video. We make one for you otherwise."
            {...asset('gif')}
          />
        ) : null}
      </Section>

      {express ? null : (
        <Section title="Logo and creative" premium>
          <AssetField label="Logo" {...asset('logo')} resizeImages />
          {values.logo ? (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <LabelledSegmentedControl label="Logo alignment" labelSize="md" data={LOGO_ALIGNMENTS} value={values.logoImageAlignment} onChange={(v) => set('logoImageAlignment', v as LogoAlignment)} />
              <NumberInput
                label="Logo width"
                description={`At least ${LOGO_WIDTH_MIN}px`}
                value={values.logoImageWidth}
                onChange={(v) => set('logoImageWidth', v)}
                min={LOGO_WIDTH_MIN}
                max={LOGO_WIDTH_MAX}
                clampBehavior="none"
                suffix=" px"
                error={errors.logoImageWidth}
                size="sm"
              />
            </SimpleGrid>
          ) : null}
          <AssetField
            label="Creative image"
            description="A cover or graphic shown above or below the video."
            {...asset('cover')}
            resizeImages
          />
          {values.cover ? (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <LabelledSegmentedControl
                label="Placement"
                labelSize="md"
                aria-label="Creative image placement"
                data={COVER_PLACEMENTS}
                value={values.coverImagePlacement}
                onChange={(v) => set('coverImagePlacement', v as CoverPlacement)}
              />
              <Select
                label="Spacing"
                data={SPACING}
                value={String(values.coverImageSpacing)}
                onChange={(v) => set('coverImageSpacing', Number(v ?? 1))}
                allowDeselect={false}
                size="sm"
              />
            </SimpleGrid>
          ) : null}
        </Section>
      )}

      <Section title="Links">
        <CompletedUrlInput
          label="Landing page URL"
          description="Where the video takes people when they click it. https:// is added when left out."
          placeholder="https://example.com/offer"
          value={values.landingPageUrl}
          onChange={(v) => set('landingPageUrl', v)}
          complete={completeLandingPageUrl}
          error={errors.landingPageUrl}
        />
        <AssetField
          label="Call-to-action video icon"
          description="Optional: a small image under the video, e.g. 'Watch the full video'."
          {...asset('videoIcon')}
          resizeImages
        />
        <CompletedUrlInput
          label="Call-to-action video URL"
          description="Where the icon links to."
          placeholder="https://youtube.com/watch?v=…"
          value={values.videoLink}
          onChange={(v) => set('videoLink', v)}
          complete={completeVideoLink}
          error={errors.videoLink}
        />
      </Section>

      {express ? null : (
        <Section title="Call-to-action buttons" premium description="Bulletproof buttons that work in every inbox, Outlook included.">
          <CtaEditor value={values.buttons} onChange={(b) => set('buttons', b)} onPendingChange={onButtonPending} />
        </Section>
      )}
    </Stack>
  );
}
