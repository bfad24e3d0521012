import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster, TOAST_DURATION_MS } from './toast';

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows one toast at a time: a new one replaces the one on screen', () => {
    render(<Toaster />);

    act(() => {
      toast({ title: 'Playlist saved', variant: 'success' });
    });
    expect(screen.getByRole('status')).toHaveTextContent('Playlist saved');

    act(() => {
      toast({ title: 'Device updated' });
    });
    expect(screen.getByText('Device updated')).toBeInTheDocument();
    expect(screen.queryByText('Playlist saved')).not.toBeInTheDocument();
  });

  it('disappears after five seconds', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Copied to clipboard', description: 'The MAC address has been copied.' });
    });

    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    });
    expect(screen.getByText('Copied to clipboard')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Copied to clipboard')).not.toBeInTheDocument();
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it('gives a replacing toast its own full five seconds', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First' });
    });
    act(() => {
      vi.advanceTimersByTime(4000);
      toast({ title: 'Second' });
    });
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(screen.getByText('Second')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText('Second')).not.toBeInTheDocument();
  });

  it('announces errors as alerts and can be dismissed', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    render(<Toaster />);
    act(() => {
      toast({ title: 'Transfer failed', variant: 'destructive' });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Transfer failed');

    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Transfer failed')).not.toBeInTheDocument();
  });
});
