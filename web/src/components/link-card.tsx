import type { ReactNode } from 'react';
import { Card, type MantineSpacing } from '@mantine/core';
import { Link } from 'react-router';
import classes from './link-card.module.css';

// A card that opens a page of the dashboard (the home page's shortcuts, the admin's tiles).
export function LinkCard({ to, padding, children }: { to: string; padding: MantineSpacing; children: ReactNode }) {
  return (
    <Card component={Link} to={to} className={classes.card} padding={padding}>
      {children}
    </Card>
  );
}
