import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// The EyeMail violet, built around the logo colour #5b3df5 (shade 6).
const brand: MantineColorsTuple = [
  '#f2efff',
  '#e1dbff',
  '#c0b3ff',
  '#9d88fe',
  '#8064fd',
  '#6c4dfc',
  '#5b3df5',
  '#4b2fdb',
  '#4127c4',
  '#3520ad',
];

// Text must reach 4.5:1 against what it sits on (WCAG 2.1 AA, checked by axe in the browser tests).
// Mantine's defaults fall short in light mode: dimmed grey (gray-6, 3.3:1 on white), white on
// filled teal, red, orange, yellow and grey, and the -9 shade on its own -1 tint in light
// badges and alerts. These keep each hue, a step darker, and reach at least 4.5:1 on white, the
// page background (#f5f6fb) and the colour's light tint.
const READABLE = {
  dimmed: '#626973', // 5.5:1 on white, 5.1:1 on the page, 4.9:1 on brand-0
  red: '#b42323',
  teal: '#0a6c4e',
  orange: '#a63c06',
  yellow: '#855300',
};

function readableColor(name: 'red' | 'teal' | 'orange' | 'yellow', filled: string): Record<string, string> {
  const text = READABLE[name];
  return {
    [`--mantine-color-${name}-filled`]: filled,
    [`--mantine-color-${name}-filled-hover`]: text,
    [`--mantine-color-${name}-light-color`]: text,
    [`--mantine-color-${name}-outline`]: text,
    [`--mantine-color-${name}-text`]: text,
  };
}

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': READABLE.dimmed,
    // Field error messages (Mantine's default is red-6, 3.3:1 on white).
    '--mantine-color-error': READABLE.red,
    '--mantine-color-gray-filled': 'var(--mantine-color-gray-7)',
    ...readableColor('red', 'var(--mantine-color-red-8)'),
    ...readableColor('teal', 'var(--mantine-color-teal-9)'),
    ...readableColor('orange', '#c2410c'),
    ...readableColor('yellow', READABLE.yellow),
  },
  dark: {},
});

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Visitors who ask their system for less motion get panels, menus and dialogs without the
  // slide or fade (WCAG 2.3.3); Mantine ignores that setting unless told to honour it.
  respectReducedMotion: true,
  focusRing: 'auto',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif',
  headings: {
    fontFamily:
      'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif',
    fontWeight: '700',
  },
  shadows: {
    xs: '0 1px 2px rgba(17, 12, 46, 0.06)',
    sm: '0 1px 3px rgba(17, 12, 46, 0.08), 0 1px 2px rgba(17, 12, 46, 0.04)',
    md: '0 6px 18px rgba(17, 12, 46, 0.08)',
    lg: '0 14px 38px rgba(17, 12, 46, 0.12)',
    xl: '0 24px 60px rgba(17, 12, 46, 0.16)',
  },
  components: {
    Card: { defaultProps: { withBorder: true, shadow: 'xs', radius: 'lg', padding: 'xl' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Button: { defaultProps: { radius: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
    // The close button is an icon alone: name it.
    Modal: { defaultProps: { radius: 'lg', centered: true, closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // The focus placeholder is a focusable child without a role inside role="menu", which a menu may
    // not hold; focus lands on the dropdown itself instead.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // Toasts: the close button named, and the message under a title in the readable grey (Mantine's
    // gray-6 is 3.3:1 on white).
    Notification: { defaultProps: { radius: 'md', closeButtonProps: { 'aria-label': 'Close' } }, styles: { description: { color: 'var(--mantine-color-dimmed)' } } },
  },
});
