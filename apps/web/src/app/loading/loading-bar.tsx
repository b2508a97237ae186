import { useSyncExternalStore } from 'react';
import { type LoadingCounter, loadingCounter } from '../../lib/http/loading-counter.ts';
import classes from './loading-bar.module.css';

/** The thin bar of spec 4 and 9: runs while any HTTP call or navigation is in flight. */
export function LoadingBar({ counter = loadingCounter }: { counter?: LoadingCounter }) {
  const active = useSyncExternalStore(counter.subscribe, counter.isActive, counter.isActive);
  if (!active) return null;
  return (
    <div className={classes.track} role="progressbar" aria-label="Loading" data-testid="loading-bar">
      <div className={classes.bar} />
    </div>
  );
}
