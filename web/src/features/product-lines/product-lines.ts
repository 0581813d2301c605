import { IconEye, IconPhoto, IconQrcode, IconSignature, IconSparkles } from '@tabler/icons-react';

// The partner site the first three cards link to; the last two products have no page yet.
export const PRODUCT_SITE = 'https://www.eyemailinc.com';

export interface ProductLine {
  title: string;
  description: string;
  icon: typeof IconEye;
  href: string | null;
}

export const PRODUCT_LINES: ProductLine[] = [
  {
    title: 'Bring Your Logo to Life',
    description: 'Turn your static logo into a short animation that catches the eye at the top of every email.',
    icon: IconSparkles,
    href: PRODUCT_SITE,
  },
  {
    title: 'Bring your Signature Line to Life',
    description: 'An animated email signature that makes every one-to-one message memorable.',
    icon: IconSignature,
    href: PRODUCT_SITE,
  },
  {
    title: 'Bring Your Photos to Life',
    description: 'Subtle motion for product and team photos, light enough for any inbox.',
    icon: IconPhoto,
    href: PRODUCT_SITE,
  },
  {
    title: 'EyeViewer Assistant (EVA)',
    description: 'Prioritises the emails and names that matter to you, so nothing important slips by.',
    icon: IconEye,
    href: null,
  },
  {
    title: 'A digital Touchpoint',
    description: 'A custom QR code that links print, packaging and events straight to your video.',
    icon: IconQrcode,
    href: null,
  },
];
