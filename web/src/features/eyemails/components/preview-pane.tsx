import { useState } from 'react';
import { Card, Group, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconMovie } from '@tabler/icons-react';
import { normalizeOverlay, parseWidth, parseLogoWidth } from '@shared/snippet-rules';
import { previewClickTarget, type SnippetFormValues } from '@/features/eyemails/utils/snippet-form';
import { useMotionAllowed } from '@/hooks/use-motion-allowed';
import { EyeMailLayout } from './eyemail-layout';

// What the video area shows before saving: the encoded video once it is ready, else the poster
// or the uploaded file itself, else a stand-in.
export interface Playable {
  url: string;
  poster: string | null;
}

function PreviewMedia({ values, encoded }: { values: SnippetFormValues; encoded: Playable | null }) {
  const [broken, setBroken] = useState<string | null>(null);
  const autoplay = useMotionAllowed();
  const v = values.video;
  const fill: React.CSSProperties = { display: 'block', width: '100%', height: 'auto' };
  if (encoded) {
    return <video key={encoded.url} src={encoded.url} poster={encoded.poster ?? undefined} muted autoPlay={autoplay} loop playsInline controls={!autoplay} style={fill} aria-label="Encoded video preview" />;
  }
  if (v?.thumbnailUrl && broken !== v.thumbnailUrl) return <img src={v.thumbnailUrl} alt="Video poster" style={fill} onError={() => setBroken(v.thumbnailUrl ?? null)} />;
  if (v?.url && broken !== v.url) {
    return <video key={v.url} src={v.url} muted playsInline preload="metadata" style={fill} onError={() => setBroken(v.url)} aria-label="Uploaded video preview" />;
  }
  return (
    <div style={{ aspectRatio: '16 / 9', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 8, color: '#9a98b0', lineHeight: 1.4 }}>
      <IconMovie size={40} stroke={1.3} />
      <span style={{ fontSize: 14 }}>{v ? 'Processing your video…' : 'Your video appears here'}</span>
    </div>
  );
}

// The live Preview pane: the EyeMail at its real width (600-800 px), scaled down to fit the pane,
// updated as the form changes.
export function PreviewPane({ values, encoded, express }: { values: SnippetFormValues; encoded: Playable | null; express: boolean }) {
  const { ref, width: paneWidth } = useElementSize();
  const emailWidth = parseWidth(values.width).value;
  // The email's own width plus the 16 px of air around it.
  const stageWidth = emailWidth + 32;
  const scale = paneWidth > 0 ? Math.min(1, paneWidth / stageWidth) : 1;
  const overlay = normalizeOverlay(values.addVideoOverlay, values.videoOverlay);
  const clickTarget = previewClickTarget(values.landingPageUrl);
  return (
    <Card padding="md" aria-label="Preview" component="section">
      <Group justify="space-between" mb="sm">
        <Text fw={700}>Preview</Text>
        <Text size="xs" c="dimmed">
          {emailWidth}px wide{scale < 1 ? ` · shown at ${Math.round(scale * 100)}%` : ''}
        </Text>
      </Group>
      <div ref={ref} style={{ background: '#f4f5f7', borderRadius: 8, padding: 0, overflow: 'hidden' }}>
        <div style={{ width: stageWidth, zoom: scale, padding: 16, boxSizing: 'border-box', background: '#f4f5f7' }} data-testid="preview-stage">
          <EyeMailLayout
            logo={!express && values.logo?.url ? { url: values.logo.url, alignment: values.logoImageAlignment, width: parseLogoWidth(values.logoImageWidth).value } : null}
            cover={!express && values.cover?.url ? { url: values.cover.url, placement: values.coverImagePlacement, spacing: values.coverImageSpacing } : null}
            media={<PreviewMedia values={values} encoded={encoded} />}
            overlay={overlay}
            videoIcon={values.videoIcon?.url ? { url: values.videoIcon.url, href: null } : null}
            buttons={express ? [] : values.buttons}
            interactive={false}
          />
        </div>
      </div>
      {clickTarget ? (
        <Text size="xs" c="dimmed" mt="xs" truncate data-testid="preview-click-target">
          {clickTarget.kind === 'landing-page' ? `Clicking the video opens ${clickTarget.url}` : 'Clicking the video opens its web view, where it plays with sound'}
        </Text>
      ) : null}
    </Card>
  );
}
