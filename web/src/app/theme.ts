import { createTheme, type MantineColorsTuple } from '@mantine/core';

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
    Modal: { defaultProps: { radius: 'lg', centered: true } },
    Notification: { defaultProps: { radius: 'md' } },
  },
});
