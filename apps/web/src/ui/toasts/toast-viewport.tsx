import { useSyncExternalStore } from 'react';
import { type Toast, type ToastStore, toastStore } from './toast-store.ts';
import classes from './toasts.module.css';

export function ToastViewport({ store = toastStore }: { store?: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return (
    <section className={classes.viewport} aria-label="Notifications" aria-live="polite">
      {toasts.map((item) => (
        <ToastCard key={item.id} toast={item} store={store} />
      ))}
    </section>
  );
}

function ToastCard({ toast, store }: { toast: Toast; store: ToastStore }) {
  return (
    // The whole card reacts to the pointer (tap dismisses, hover pauses); the close button is the
    // keyboard path to the same action.
    // biome-ignore lint/a11y/noStaticElementInteractions: pointer affordance duplicated by the close button
    // biome-ignore lint/a11y/useKeyWithClickEvents: the close button is the keyboard path
    <div
      className={classes.toast}
      data-kind={toast.kind}
      data-state={toast.state}
      role={toast.kind === 'error' ? 'alert' : 'status'}
      onClick={() => store.dismiss(toast.id)}
      onMouseEnter={() => store.pointerEnter(toast.id)}
      onMouseLeave={() => store.pointerLeave(toast.id)}
    >
      <div className={classes.body}>
        {toast.title ? <div className={classes.title}>{toast.title}</div> : null}
        <div className={classes.message}>{toast.message}</div>
        {toast.action ? (
          <button
            type="button"
            className={classes.action}
            onClick={(event) => {
              event.stopPropagation();
              store.dismiss(toast.id);
              toast.action?.onClick();
            }}
          >
            {toast.action.label}
          </button>
        ) : null}
      </div>
      <button
        type="button"
        className={classes.close}
        aria-label="Close notification"
        onClick={(event) => {
          event.stopPropagation();
          store.dismiss(toast.id);
        }}
      >
        ×
      </button>
    </div>
  );
}
