import { useState, type ReactNode } from 'react';
import { AspectRatio } from '@mantine/core';
import classes from './poster-image.module.css';

// A card's poster (EyeMails, videos): the picture in 16:9, cropped to fill, or an icon on a
// neutral ground when there is none or it fails to load.
export function PosterImage({ src, icon, placeholderTestId }: { src: string | null | undefined; icon: ReactNode; placeholderTestId?: string }) {
  const [broken, setBroken] = useState(false);
  return (
    <AspectRatio ratio={16 / 9}>
      {src && !broken ? (
        <img className={classes.image} src={src} alt="" loading="lazy" onError={() => setBroken(true)} />
      ) : (
        <div className={classes.placeholder} data-testid={placeholderTestId}>
          {icon}
        </div>
      )}
    </AspectRatio>
  );
}
