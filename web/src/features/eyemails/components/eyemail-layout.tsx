import { COVER_SPACING_STEP_PX, type CoverPlacement, type CtaButton, type LogoAlignment, type VideoOverlay } from '@shared/snippet-rules';
import { CtaButtonsView } from './cta-buttons-view';

export const MUTE_ICON_SRC: Record<'black' | 'white', string> = {
  black: '/static/viewer/mute-black.svg',
  white: '/static/viewer/mute-white.svg',
};

export interface EyeMailLayoutProps {
  logo: { url: string; alignment: LogoAlignment; width: number } | null;
  cover: { url: string; placement: CoverPlacement; spacing: number } | null;
  // The video area (a player or a poster).
  media: React.ReactNode;
  overlay: VideoOverlay;
  onOverlayClick?: () => void;
  videoIcon: { url: string; href: string | null } | null;
  buttons: CtaButton[];
  interactive?: boolean;
}

// The mute icon sits where the encoder burns it in (8% of the width, 2.5% from the top-right
// corner), so over the encoded video the two coincide.
// The EyeMail as recipients see it, top to bottom: logo, cover above, the video with its mute
// icon, cover below, the call-to-action video icon and the buttons. Used by the detail page
// and the live preview pane.
export function EyeMailLayout({ logo, cover, media, overlay, onOverlayClick, videoIcon, buttons, interactive = true }: EyeMailLayoutProps) {
  const coverImg = cover ? <img src={cover.url} alt="Cover image" style={{ display: 'block', width: '100%', height: 'auto' }} /> : null;
  const gap = cover ? cover.spacing * COVER_SPACING_STEP_PX : 0;
  const icon = overlay === 'none' ? null : (
    <img src={MUTE_ICON_SRC[overlay]} alt="" style={{ width: '100%', height: '100%', display: 'block' }} />
  );
  return (
    <div>
      {logo ? (
        <div style={{ textAlign: logo.alignment, marginBottom: 12 }}>
          <img src={logo.url} alt="Logo" style={{ width: logo.width, maxWidth: '100%', height: 'auto', display: 'inline-block', verticalAlign: 'top' }} />
        </div>
      ) : null}
      {cover?.placement === 'above' ? <div style={{ marginBottom: gap }}>{coverImg}</div> : null}
      <div style={{ position: 'relative', background: '#111', borderRadius: 4, overflow: 'hidden', lineHeight: 0, containerType: 'inline-size' }}>
        {media}
        {icon ? (
          onOverlayClick ? (
            <button type="button" onClick={onOverlayClick} aria-label="Turn sound on" data-overlay={overlay} style={{ position: 'absolute', top: '2.5cqw', right: '2.5cqw', width: '8cqw', aspectRatio: '1', padding: 0, border: 0, background: 'transparent', cursor: 'pointer' }}>
              {icon}
            </button>
          ) : (
            <span data-overlay={overlay} aria-label={`Mute icon (${overlay})`} role="img" style={{ position: 'absolute', top: '2.5cqw', right: '2.5cqw', width: '8cqw', aspectRatio: '1' }}>
              {icon}
            </span>
          )
        ) : null}
      </div>
      {cover?.placement === 'below' ? <div style={{ marginTop: gap }}>{coverImg}</div> : null}
      {videoIcon ? (
        <div style={{ textAlign: 'center', marginTop: 12 }}>
          {videoIcon.href && interactive ? (
            <a href={videoIcon.href} target="_blank" rel="noopener noreferrer">
              <img src={videoIcon.url} alt="Watch the video" style={{ maxHeight: 64, width: 'auto' }} />
            </a>
          ) : (
            <img src={videoIcon.url} alt="Watch the video" style={{ maxHeight: 64, width: 'auto' }} />
          )}
        </div>
      ) : null}
      <CtaButtonsView buttons={buttons} interactive={interactive} />
    </div>
  );
}
