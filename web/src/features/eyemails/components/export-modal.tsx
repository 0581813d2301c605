import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Group, Loader, Modal, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Textarea, type ComboboxLikeRenderOptionInput, type ComboboxItem } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconCopy, IconDownload, IconExternalLink, IconInfoCircle } from '@tabler/icons-react';
import { DEFAULT_HEADER_TEXT, PREHEADER_MAX, headerTextError, preheaderError, type ExportOptions } from '@shared/snippet-rules';
import type { SnippetView } from '@shared/api-types';
import { formatBytes } from '@/lib/media-format';
import { toast } from '@/components/toasts';
import { useEmailPlatforms, type EmailPlatform } from '@/features/eyemails/api/get-email-platforms';
import { useSnippetHtml } from '@/features/eyemails/api/get-snippet-html';
import { emailPreviewLink, htmlFileName } from '@/features/eyemails/utils/export-file';

export const COPIED_RESET_MS = 3000;
const STICKY_ACTIONS: React.CSSProperties = {
  position: 'sticky',
  bottom: 0,
  zIndex: 2,
  background: 'var(--mantine-color-body)',
  borderTop: '1px solid var(--mantine-color-gray-3)',
  margin: '0 calc(var(--mb-padding, var(--mantine-spacing-md)) * -1) calc(var(--mb-padding, var(--mantine-spacing-md)) * -1)',
  padding: 'var(--mantine-spacing-sm) var(--mb-padding, var(--mantine-spacing-md))',
};
const REFETCH_DEBOUNCE_MS = 350;
const DEFAULT_PLATFORM = 'other';
const NO_PLATFORMS: EmailPlatform[] = [];
// What the copy box holds: the block (pasted into an HTML block of an existing email, the usual
// case) or the whole document (the EyeMail as the entire email).
export type CopyFormat = 'block' | 'document';
const FORMATS = [
  { value: 'block', label: 'HTML block' },
  { value: 'document', label: 'Whole email' },
];
const GENERIC_HINT = {
  block: 'Paste it into an HTML or code block of your email, where the video should go.',
  document: 'Use it as the whole HTML of your email.',
};

async function copyText(text: string, fallbackFrom: HTMLTextAreaElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Plain-http deployments have no async clipboard: copy the selection instead.
    if (!fallbackFrom) return false;
    fallbackFrom.focus();
    fallbackFrom.select();
    return document.execCommand('copy');
  }
}

function PlatformIcon({ platform, size = 18 }: { platform?: EmailPlatform; size?: number }) {
  if (!platform) return null;
  return <img src={platform.iconUrl} alt="" width={size} height={size} style={{ display: 'block', objectFit: 'contain' }} />;
}

// 'Download or Copy HTML': the email HTML for a platform, copied or downloaded, with options.
export function ExportModal({ opened, snippet, onClose }: { opened: boolean; snippet: SnippetView; onClose: () => void }) {
  const platforms = useEmailPlatforms({ enabled: opened }).data ?? NO_PLATFORMS;
  const [platform, setPlatform] = useState(DEFAULT_PLATFORM);
  const [headerText, setHeaderText] = useState(DEFAULT_HEADER_TEXT);
  const [includeHeader, setIncludeHeader] = useState(true);
  // null: follow the platform (on where its rules require an unsubscribe link); a tick or untick
  // holds until another platform is chosen.
  const [unsubChoice, setUnsubChoice] = useState<boolean | null>(null);
  const [removeBranding, setRemoveBranding] = useState(false);
  const [preheader, setPreheader] = useState('');
  const [copied, setCopied] = useState(false);
  const [format, setFormat] = useState<CopyFormat>('block');
  const box = useRef<HTMLTextAreaElement>(null);
  // On phones the dialog fills the screen and its actions stay pinned at the bottom, in reach
  // without scrolling past the code and the options.
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });

  const current = platforms.find((p) => p.code === platform);
  const includeUnsubscribeLink = unsubChoice ?? current?.unsubscribeRequired === true;
  const headerError = includeHeader ? headerTextError(headerText) : null;
  const preheaderProblem = preheaderError(preheader);
  const invalid = !!(headerError || preheaderProblem);
  const options: ExportOptions = useMemo(
    () => ({ headerText: headerText.trim() || DEFAULT_HEADER_TEXT, includeHeader, includeUnsubscribeLink, removeBranding, preheader: preheader.trim() }),
    [headerText, includeHeader, includeUnsubscribeLink, removeBranding, preheader],
  );

  // The HTML follows the platform and the options, fetched again shortly after they settle.
  const params = useMemo(() => ({ emailPlatform: platform, ...options }), [platform, options]);
  const [settled] = useDebouncedValue(params, REFETCH_DEBOUNCE_MS);
  const exported = useSnippetHtml(snippet.snippet, settled, { enabled: opened && !invalid });
  const loading = opened && !invalid && (settled !== params || exported.isFetching);
  const result = exported.isError ? null : exported.data;
  // The whole document is always what the .html file holds; the copy box holds the chosen format.
  const documentHtml = result?.html ?? '';
  const html = (format === 'block' ? result?.blockHtml : result?.html) ?? '';
  const size = (format === 'block' ? result?.blockSizeBytes : result?.sizeBytes) ?? null;
  const failure = exported.isError ? exported.error.message || 'Failed to get html' : null;
  useEffect(() => {
    if (failure) toast.error(failure, 'Failed to get html');
  }, [failure, exported.errorUpdatedAt]);

  useEffect(() => {
    if (!copied) return;
    const id = window.setTimeout(() => setCopied(false), COPIED_RESET_MS);
    return () => window.clearTimeout(id);
  }, [copied]);

  const ready = html !== '' && !loading && !invalid;

  const pasteHint = (current?.pasteHint ?? GENERIC_HINT)[format];
  const data = (platforms.length ? platforms : [{ code: DEFAULT_PLATFORM, name: 'Other', iconUrl: '/static/platforms/other.svg' }]).map((p) => ({ value: p.code, label: p.name }));
  const renderOption = ({ option, checked }: ComboboxLikeRenderOptionInput<ComboboxItem>) => (
    <Group gap="sm" wrap="nowrap" style={{ flex: 1 }}>
      <PlatformIcon platform={platforms.find((p) => p.code === option.value)} />
      <Text size="sm" style={{ flex: 1 }}>
        {option.label}
      </Text>
      {checked ? <IconCheck size={16} /> : null}
    </Group>
  );

  const copy = async () => {
    if (!ready) return;
    if (await copyText(html, box.current)) {
      setCopied(true);
      toast.info('Code copied to clipboard.', 'Copied');
    } else toast.error('Your browser did not allow copying. Select the code and copy it yourself.');
  };

  const download = () => {
    if (!ready || !documentHtml) return;
    const url = URL.createObjectURL(new Blob([documentHtml], { type: 'text/html;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = htmlFileName(snippet.title);
    document.body.appendChild(a);
    a.click();
    a.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const previewHref = emailPreviewLink(snippet.livePreviewUrlForEmail, options, platform, snippet.addVideoOverlay);

  return (
    <Modal opened={opened} onClose={onClose} title="Download or Copy HTML" size="xl" fullScreen={phone}>
      <Stack gap="md">
        <Select
          label="Email platform"
          description="Links carry the platform's merge tag, so every recipient is tracked."
          data={data}
          value={platform}
          onChange={(v) => {
            setPlatform(v ?? DEFAULT_PLATFORM);
            setUnsubChoice(null);
          }}
          allowDeselect={false}
          searchable
          renderOption={renderOption}
          leftSection={<PlatformIcon platform={current} />}
          maxDropdownHeight={300}
          size="sm"
        />
        {current?.notes ? (
          <Alert variant="light" color="brand" icon={<IconInfoCircle size={18} />} py="xs">
            <Text size="sm">{current.notes}</Text>
          </Alert>
        ) : null}

        <div>
          <SegmentedControl
            aria-label="What to copy"
            data={FORMATS}
            value={format}
            onChange={(v) => setFormat(v === 'document' ? 'document' : 'block')}
            size="xs"
            mb="xs"
          />
          <Group justify="space-between" mb={6} wrap="nowrap">
            <Text component="label" htmlFor="eyemail-video-html" size="sm" fw={500}>
              Video HTML
            </Text>
            <Group gap="xs" wrap="nowrap">
              {loading ? <Loader size="xs" aria-label="Generating HTML" /> : size !== null ? <Text size="xs" c="dimmed">{formatBytes(size)}</Text> : null}
              <Button size="xs" variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : 'brand'} leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />} onClick={() => void copy()} disabled={!ready}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            </Group>
          </Group>
          <Textarea
            id="eyemail-video-html"
            ref={box}
            value={html}
            readOnly
            rows={5}
            autosize={false}
            styles={{ input: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 12 } }}
            onFocus={(e) => e.currentTarget.select()}
            aria-describedby="eyemail-paste-hint"
          />
          <Text id="eyemail-paste-hint" size="xs" c="dimmed" mt={6} data-testid="paste-hint">
            {format === 'block' ? 'Its styles are inside it. ' : ''}
            {pasteHint}
            {format === 'block' && preheader.trim() ? ' The preview text is part of the whole email only.' : ''}
          </Text>
        </div>

        <div>
          <Text size="sm" fw={600} mb="xs">
            Export options
          </Text>
          <Stack gap="sm">
            <TextInput size="sm" label="Header text" value={headerText} onChange={(e) => setHeaderText(e.currentTarget.value)} error={headerError} disabled={!includeHeader} withAsterisk={includeHeader} />
            <TextInput
              size="sm"
              label="Preview text"
              description={`Optional: shown after the subject line in the inbox, hidden in the email (${preheader.trim().length}/${PREHEADER_MAX}).`}
              placeholder="e.g. Watch our spring collection in motion"
              value={preheader}
              onChange={(e) => setPreheader(e.currentTarget.value)}
              error={preheaderProblem}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
              <Checkbox label="Include header" checked={includeHeader} onChange={(e) => setIncludeHeader(e.currentTarget.checked)} />
              <Checkbox
                label="Include unsubscribe link"
                description={current?.unsubscribeRequired ? `${current.name} requires one` : undefined}
                checked={includeUnsubscribeLink}
                onChange={(e) => setUnsubChoice(e.currentTarget.checked)}
              />
              <Checkbox label="Remove branding" checked={removeBranding} onChange={(e) => setRemoveBranding(e.currentTarget.checked)} />
            </SimpleGrid>
          </Stack>
        </div>

        <Group justify={phone ? 'space-between' : 'flex-end'} gap="xs" mt="xs" wrap="nowrap" style={phone ? STICKY_ACTIONS : undefined}>
          <Button px={phone ? 'sm' : undefined} component="a" href={previewHref} target="_blank" rel="noopener noreferrer" variant="default" leftSection={<IconExternalLink size={16} />} aria-disabled={invalid} onClick={(e: React.MouseEvent) => invalid && e.preventDefault()}>
            Preview
          </Button>
          <Button px={phone ? 'sm' : undefined} style={phone ? { flex: 1 } : undefined} leftSection={<IconDownload size={16} />} onClick={download} disabled={!ready}>
            Download File (.html)
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
