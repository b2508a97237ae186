import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from './toast-store.ts';
import { ToastViewport } from './toast-viewport.tsx';

describe('ToastViewport', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the newest toast first, with its title and message', () => {
    const store = createToastStore();
    render(<ToastViewport store={store} />);
    act(() => {
      store.show('error', 'Access forbidden!', '403 error');
      store.show('error', 'Something went wrong. Try again or contact us.', '500 error');
    });
    const alerts = screen.getAllByRole('alert');
    expect(alerts).toHaveLength(2);
    expect(within(alerts[0] as HTMLElement).getByText('500 error')).toBeInTheDocument();
    expect(within(alerts[1] as HTMLElement).getByText('Access forbidden!')).toBeInTheDocument();
  });

  it('dismisses on tap and pauses while hovered', () => {
    const store = createToastStore();
    render(<ToastViewport store={store} />);
    act(() => {
      store.show('error', 'tap me');
      store.show('error', 'hover me');
      vi.advanceTimersByTime(0);
    });
    fireEvent.click(screen.getByText('tap me'));
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByText('tap me')).not.toBeInTheDocument();

    const hovered = screen.getByRole('alert');
    fireEvent.mouseEnter(hovered);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText('hover me')).toBeInTheDocument();
    fireEvent.mouseLeave(hovered);
    act(() => vi.advanceTimersByTime(1000));
    expect(hovered).toHaveAttribute('data-state', 'removed');
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByText('hover me')).not.toBeInTheDocument();
  });

  it('offers a labelled close button', () => {
    const store = createToastStore();
    render(<ToastViewport store={store} />);
    act(() => {
      store.show('success', 'Saved');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.getByRole('status')).toHaveAttribute('data-state', 'removed');
  });

  it('renders an action as a button that runs it and closes the toast', () => {
    const store = createToastStore();
    const onClick = vi.fn();
    render(<ToastViewport store={store} />);
    act(() => {
      store.show('info', 'Hello', 'Boris Back', { action: { label: 'Open', onClick } });
      store.show('info', 'No action here'); // newest on top
      vi.advanceTimersByTime(0);
    });
    const [without, withAction] = screen.getAllByRole('status') as [HTMLElement, HTMLElement];
    expect(within(without).queryByRole('button', { name: 'Open' })).not.toBeInTheDocument();
    fireEvent.click(within(withAction).getByRole('button', { name: 'Open' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(withAction).toHaveAttribute('data-state', 'removed');
  });
});
