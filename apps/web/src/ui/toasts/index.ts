export {
  createToastStore,
  TOAST_TIMING,
  type Toast,
  type ToastStore,
  toast,
  toastStore,
} from './toast-store.ts';
export { ToastViewport } from './toast-viewport.tsx';
