import { useNavigation } from 'react-router';
import { useDelayPassed } from './spinner';
import classes from './route-progress.module.css';

const PROGRESS_DELAY_MS = 150;

function Bar() {
  const show = useDelayPassed(PROGRESS_DELAY_MS);
  return show ? <div className={classes.bar} role="progressbar" aria-label="Loading page" /> : null;
}

// While the next page's code is fetched the current page stays on screen; a thin bar along the
// top says something is happening, drawn only if the wait is long enough to notice.
export function RouteProgress() {
  const navigation = useNavigation();
  return navigation.state === 'loading' ? <Bar /> : null;
}
