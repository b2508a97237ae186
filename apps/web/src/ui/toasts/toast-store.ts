/**
 * Toasts with the semantics of spec 4 and 9: each goes inactive -> active -> removed, fades for
 * 300 ms, hides 5000 ms after it appears, pauses while hovered and hides 1000 ms after the
 * pointer leaves, hides on tap, newest on top, no cap on how many are open.
 */
export type ToastKind = 'error' | 'success' | 'info' | 'warning';
export type ToastState = 'inactive' | 'active' | 'removed';

export interface Toast {
  id: number;
  kind: ToastKind;
  title: string | undefined;
  message: string;
  state: ToastState;
  /** Sticky toasts (chat notices for tasks, requests, emails) stay until closed. */
  sticky: boolean;
  action: ToastAction | undefined;
}

/** A button on the toast (a notice's "Open"); pressing it runs onClick and closes the toast. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  sticky?: boolean;
  action?: ToastAction;
}

export const TOAST_TIMING = { timeOut: 5000, extendedTimeOut: 1000, easeTime: 300 } as const;

export interface ToastStore {
  show(kind: ToastKind, message: string, title?: string, options?: ToastOptions): number;
  /** Starts the fade-out; the toast leaves the list after the ease time. */
  dismiss(id: number): void;
  pointerEnter(id: number): void;
  pointerLeave(id: number): void;
  getSnapshot(): readonly Toast[];
  subscribe(listener: () => void): () => void;
  clear(): void;
}

export function createToastStore(timing: typeof TOAST_TIMING = TOAST_TIMING): ToastStore {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();

  const emit = () => {
    for (const listener of listeners) listener();
  };
  const find = (id: number) => toasts.find((t) => t.id === id);
  const update = (id: number, patch: Partial<Toast>) => {
    toasts = toasts.map((t) => (t.id === id ? { ...t, ...patch } : t));
    emit();
  };
  const clearTimer = (id: number) => {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(id);
  };
  const schedule = (id: number, ms: number, run: () => void) => {
    clearTimer(id);
    timers.set(
      id,
      setTimeout(() => {
        timers.delete(id);
        run();
      }, ms),
    );
  };

  const dismiss = (id: number) => {
    const toast = find(id);
    if (!toast || toast.state === 'removed') return;
    update(id, { state: 'removed' });
    schedule(id, timing.easeTime, () => {
      toasts = toasts.filter((t) => t.id !== id);
      emit();
    });
  };

  return {
    show(kind, message, title, options = {}) {
      const id = nextId++;
      const toast: Toast = {
        id,
        kind,
        title,
        message,
        state: 'inactive',
        sticky: Boolean(options.sticky),
        action: options.action,
      };
      toasts = [toast, ...toasts];
      emit();
      // one tick as 'inactive' lets the fade-in transition run from transparent
      schedule(id, 0, () => {
        update(id, { state: 'active' });
        if (!toast.sticky) schedule(id, timing.timeOut, () => dismiss(id));
      });
      return id;
    },
    dismiss,
    pointerEnter(id) {
      const toast = find(id);
      if (!toast || toast.state === 'removed') return;
      clearTimer(id);
      if (toast.state === 'inactive') update(id, { state: 'active' });
    },
    pointerLeave(id) {
      const toast = find(id);
      if (!toast || toast.state === 'removed' || toast.sticky) return;
      schedule(id, timing.extendedTimeOut, () => dismiss(id));
    },
    getSnapshot: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear() {
      for (const id of [...timers.keys()]) clearTimer(id);
      toasts = [];
      emit();
    },
  };
}

export const toastStore = createToastStore();

export const toast = {
  error: (message: string, title?: string, options?: ToastOptions) =>
    toastStore.show('error', message, title, options),
  success: (message: string, title?: string, options?: ToastOptions) =>
    toastStore.show('success', message, title, options),
  info: (message: string, title?: string, options?: ToastOptions) =>
    toastStore.show('info', message, title, options),
  warning: (message: string, title?: string, options?: ToastOptions) =>
    toastStore.show('warning', message, title, options),
};
