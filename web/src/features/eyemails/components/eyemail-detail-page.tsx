import { useRef, useState } from 'react';
import { Anchor, Badge, Button, Card, CopyButton, Grid, Group, SimpleGrid, Stack, Text, Title, Tooltip, ActionIcon } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconEdit, IconExternalLink, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { normalizeOverlay, parseCtaButtonsJson } from '@shared/snippet-rules';
import type { SnippetView } from '@shared/api-types';
import { formatDate } from '@/lib/date-format';
import { useCurrentWorkspace } from '@/lib/workspace/use-workspaces';
import { useOpenInWorkspace } from '@/lib/workspace/use-open-in-workspace';
import { useMotionAllowed } from '@/hooks/use-motion-allowed';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Spinner } from '@/components/spinner';
import { isNotFound, useSnippet } from '@/features/eyemails/api/get-snippet';
import { videoLinkOf } from '@/features/eyemails/utils/snippet-form';
import { useSetSnippetStatus } from '@/features/eyemails/api/set-snippet-status';
import { useDeleteSnippet } from '@/features/eyemails/api/delete-snippet';
import { EyeMailLayout } from './eyemail-layout';
import { EyeMailNotFound } from './eyemail-not-found';
import { ExportModal } from './export-modal';
import { FollowControl } from './follow-control';
import { ResultDialog, type DeletedState } from './result-dialog';
import classes from './eyemail-detail-page.module.css';

export const PLAYER_MAX_HEIGHT = 600;
const MEASURE_AFTER_MS = 2000;

// Autoplaying (unless the visitor asks for reduced motion), muted, with controls; a player taller than 600 px (portrait video) is capped,
// measured 2 s after it loads.
function Player({ snippet }: { snippet: SnippetView }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [capped, setCapped] = useState(false);
  const autoplay = useMotionAllowed();
  const src = snippet.video?.url ?? snippet.videoUrl;
  const poster = snippet.video?.thumbnailUrl ?? snippet.thumbnailUrl ?? '/static/viewer/poster.svg';
  const onLoaded = () => {
    window.setTimeout(() => {
      const el = ref.current;
      if (el && el.getBoundingClientRect().height > PLAYER_MAX_HEIGHT) setCapped(true);
    }, MEASURE_AFTER_MS);
  };
  return (
    <video
      ref={ref}
      src={src ?? undefined}
      poster={poster}
      autoPlay={autoplay}
      muted
      controls
      playsInline
      onLoadedData={onLoaded}
      aria-label={`${snippet.title} video`}
      data-capped={capped || undefined}
      style={capped ? { display: 'block', height: PLAYER_MAX_HEIGHT, width: '100%', objectFit: 'contain' } : { display: 'block', width: '100%', height: 'auto' }}
    />
  );
}

function UrlRow({ label, url }: { label: string; url: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Group gap={4} wrap="nowrap">
        <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {url}
        </Anchor>
        <CopyButton value={url} timeout={3000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy link'}>
              <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={`Copy ${label}`}>
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </div>
  );
}

type Dialog = { success: boolean; title: string; message: string; then?: () => void } | null;

export function EyeMailDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data: snippet, error } = useSnippet(id);
  const link = useOpenInWorkspace({ eyemail: id }, isNotFound(error));
  const { mutateAsync: setStatus } = useSetSnippetStatus();
  const { mutateAsync: deleteSnippet } = useDeleteSnippet();
  const editable = useCurrentWorkspace().canEdit ? undefined : 'none';
  const [confirm, setConfirm] = useState<'status' | 'delete' | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [exportOpen, setExportOpen] = useState(false);
  const videoBox = useRef<HTMLDivElement>(null);

  if (isNotFound(error)) return link === 'locating' ? <Spinner label="Loading EyeMail…" /> : <EyeMailNotFound />;
  if (error && !snippet) {
    return (
      <Card>
        <Text c="red" role="alert">
          {error.message || 'We could not load this EyeMail.'}
        </Text>
      </Card>
    );
  }
  if (!snippet) return <Spinner label="Loading EyeMail…" />;

  const s = snippet;
  const active = s.status;
  const overlay = normalizeOverlay(s.addVideoOverlay, s.videoOverlay);
  const buttons = parseCtaButtonsJson(s.ctaButtonsJSON ?? '').value;
  const videoLink = videoLinkOf(s);
  const webViewUrl = s.exportUrl;
  const showWebView = webViewUrl && webViewUrl !== s.landingPageUrl;

  const changeStatus = async () => {
    setBusy(true);
    const next = !active;
    const res = await setStatus({ snippetId: s.snippet, status: next });
    setBusy(false);
    setConfirm(null);
    if (res.result) {
      setDialog({ success: true, title: next ? 'Activated!' : 'Deactivated!', message: next ? 'This EyeMail is live again and can be exported.' : 'This EyeMail is switched off. Recipients see that it is no longer available.' });
    } else {
      setDialog({ success: false, title: 'Failed!', message: next ? 'Failed to activate this Eyemail' : 'Failed to deactivate this Eyemail' });
    }
  };

  const remove = async () => {
    setBusy(true);
    const res = await deleteSnippet(s.snippet);
    setBusy(false);
    setConfirm(null);
    // Off the deleted EyeMail first: the list says 'Deleted!' (replace, so Back skips the dead page).
    if (res.result) navigate('/eyemails', { replace: true, state: { deleted: { title: s.title, message: res.message || 'EyeMail deleted' } } satisfies DeletedState });
    else setDialog({ success: false, title: 'Failed!', message: 'Failed to delete this Eyemail' });
  };

  const unmute = () => {
    const v = videoBox.current?.querySelector('video');
    if (v) {
      v.muted = false;
      void v.play().catch(() => undefined);
    }
  };

  return (
    <>
      <Group justify="space-between" align="flex-start" mb="xl" gap="md">
        <Stack gap={6} style={{ minWidth: 0, flex: '1 1 320px' }}>
          <Group gap="sm" wrap="nowrap" align="center">
            <Title order={1} fz={{ base: 24, sm: 28 }} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
              {s.title}
            </Title>
            <Badge color={active ? 'teal' : 'gray'} variant="light" size="lg" style={{ flexShrink: 0 }}>
              {active ? 'Active' : 'Inactive'}
            </Badge>
          </Group>
          <Group gap="md">
            <Anchor href={s.previewUrl} target="_blank" rel="noopener noreferrer" size="sm">
              <Group gap={4} component="span" wrap="nowrap">
                Preview link <IconExternalLink size={14} />
              </Group>
            </Anchor>
            <Text size="sm" c="dimmed">
              Updated {formatDate(s.dateUpdatedUTC || s.dateCreatedUTC)}
            </Text>
          </Group>
        </Stack>
      </Group>

      <Group gap="sm" mb={active ? 'lg' : 'xs'} wrap="wrap" role="toolbar" aria-label="EyeMail actions" className={classes.toolbar}>
        {/* A viewer of a company reads and exports it; changing it is for editors and up. */}
        <Button component={Link} to={`/update-eyemail/${s.snippet}`} variant="default" leftSection={<IconEdit size={16} />} display={editable}>Modify</Button>
        <Tooltip label="Activate this EyeMail to export it" disabled={active}>
          <span data-primary>
            <Button leftSection={<IconDownload size={16} />} onClick={() => setExportOpen(true)} disabled={!active} aria-describedby={active ? undefined : 'download-off-hint'}>
              Download
            </Button>
          </span>
        </Tooltip>
        <Button component="a" href={s.previewUrl} target="_blank" rel="noopener noreferrer" variant="default" leftSection={<IconExternalLink size={16} />}>
          Preview
        </Button>
        <Button variant="default" color={active ? 'orange' : 'teal'} leftSection={active ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />} onClick={() => setConfirm('status')} display={editable}>
          {active ? 'Deactivate' : 'Activate'}
        </Button>
        <Button variant="default" c="red" leftSection={<IconTrash size={16} />} onClick={() => setConfirm('delete')} display={editable}>Delete</Button>
      </Group>
      {active ? null : (
        // The tooltip needs a mouse; on a phone or with a keyboard this line says why Download is off.
        <Text id="download-off-hint" size="sm" c="dimmed" mb="lg">
          Download is off while this EyeMail is inactive: activate it to export its HTML.
        </Text>
      )}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card padding="lg">
            <div ref={videoBox} style={{ width: '100%', maxWidth: s.width, margin: '0 auto' }}>
              <EyeMailLayout
                logo={s.logoImageUrl ? { url: s.logoImageUrl, alignment: s.logoImageAlignment, width: s.logoImageWidth } : null}
                cover={s.coverImageUrl ? { url: s.coverImageUrl, placement: s.coverImagePlacement, spacing: s.coverImageSpacing } : null}
                media={<Player snippet={s} />}
                overlay={overlay}
                onOverlayClick={unmute}
                videoIcon={s.videoLogoImgUrl ? { url: s.videoLogoImgUrl, href: videoLink } : null}
                buttons={buttons}
              />
            </div>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card padding="lg">
            <Title order={2} fz="lg" mb="md">
              Details
            </Title>
            <Stack gap="md">
              {showWebView ? <UrlRow label="Web view URL" url={webViewUrl} /> : null}
              {s.landingPageUrl ? <UrlRow label="Landing page URL" url={s.landingPageUrl} /> : null}
              {videoLink ? <UrlRow label="Video link" url={videoLink} /> : null}
              <SimpleGrid cols={3} spacing="xs">
                <div>
                  <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                    Width
                  </Text>
                  <Text size="sm">{s.width}px</Text>
                </div>
                <div>
                  <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                    Mute icon
                  </Text>
                  <Text size="sm">{overlay === 'none' ? 'None' : overlay === 'black' ? 'Black' : 'White'}</Text>
                </div>
                <div>
                  <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                    Created
                  </Text>
                  <Text size="sm">{formatDate(s.dateCreatedUTC)}</Text>
                </div>
              </SimpleGrid>
              <FollowControl snippetId={s.snippet} />
              <Button component={Link} to={`/reports/${s.snippet}`} variant="light" fullWidth>
                View report
              </Button>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>

      <ExportModal opened={exportOpen} snippet={s} onClose={() => setExportOpen(false)} />
      <ConfirmDialog
        opened={confirm === 'status'}
        message={active ? 'Do you really want to deactivate this EyeMail? Recipients will no longer see its video.' : 'Do you want to activate this EyeMail again?'}
        confirmLabel={active ? 'Deactivate' : 'Activate'}
        confirmColor={active ? 'orange' : 'teal'}
        loading={busy}
        onConfirm={() => void changeStatus()}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        opened={confirm === 'delete'}
        message="Do you really want to delete this EyeMail? Your uploaded video stays in My Videos."
        loading={busy}
        onConfirm={() => void remove()}
        onCancel={() => setConfirm(null)}
      />
      <ResultDialog
        opened={dialog !== null}
        success={dialog?.success ?? true}
        title={dialog?.title ?? ''}
        message={dialog?.message ?? ''}
        onClose={() => {
          const then = dialog?.then;
          setDialog(null);
          then?.();
        }}
      />
    </>
  );
}
