import { BUTTON_FONT_SIZE, BUTTON_PADDING, type CtaButton } from '@shared/snippet-rules';

// The call-to-action buttons drawn by React from the validated button data, the way the email
// shows them (centred, stacked). Stored HTML is never injected into the dashboard.
export function CtaButtonsView({ buttons, interactive = true, flush = false }: { buttons: CtaButton[]; interactive?: boolean; flush?: boolean }) {
  if (!buttons.length) return null;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 12, marginTop: flush ? 0 : 16 }} aria-label="Call-to-action buttons">
      {buttons.map((b, i) => {
        const style: React.CSSProperties = {
          display: 'inline-block',
          padding: BUTTON_PADDING[b.btnSize],
          fontFamily: 'Arial, Helvetica, sans-serif',
          fontSize: `calc(16px * ${parseFloat(BUTTON_FONT_SIZE[b.fontSize])})`,
          fontWeight: b.bold ? 700 : 400,
          lineHeight: 1.2,
          color: b.fontColor,
          background: b.backgroundColor,
          borderRadius: b.radius,
          textDecoration: 'none',
          maxWidth: '100%',
          overflowWrap: 'anywhere',
        };
        return interactive ? (
          <a key={i} href={b.url} target="_blank" rel="noopener noreferrer" style={style}>
            {b.title}
          </a>
        ) : (
          <span key={i} style={style}>
            {b.title}
          </span>
        );
      })}
    </div>
  );
}
