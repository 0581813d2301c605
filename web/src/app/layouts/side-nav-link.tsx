import { NavLink } from '@mantine/core';
import { Link } from 'react-router';
import type { NavItem } from './nav-items';
import classes from './dashboard-layout.module.css';

// One entry of a layout's side menu (the dashboard's and the admin area's).
export function SideNavLink({ item, active, onNavigate }: { item: Pick<NavItem, 'label' | 'to' | 'icon'>; active: boolean; onNavigate?: () => void }) {
  return <NavLink component={Link} to={item.to} label={item.label} leftSection={<item.icon size={20} stroke={1.7} />} active={active} onClick={onNavigate} className={classes.navLink} />;
}
