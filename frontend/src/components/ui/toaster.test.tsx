import { act, fireEvent, render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { toast, TOAST_DURATION_MS } from './toast-store';
import { Toaster } from './toaster';

describe('Toaster', () => {
  it('shows one toast at a time and hides it after 5 s', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => void toast({ title: 'First' }));
    act(() => void toast({ title: 'Second' }));
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
    expect(screen.queryByText('Second')).not.toBeInTheDocument();
  });

  it('moves focus to the region on F8', () => {
    render(<Toaster />);
    fireEvent.keyDown(window, { key: 'F8' });
    expect(screen.getByRole('region', { name: 'Notifications (F8)' }).querySelector('ol')).toHaveFocus();
  });

  it('is dismissed by a swipe to the right beyond 50 px', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Swipe me' }));
    const item = screen.getByTestId('toast');
    fireEvent.pointerDown(item, { clientX: 10 });
    fireEvent.pointerMove(item, { clientX: 40 });
    fireEvent.pointerUp(item);
    expect(screen.getByText('Swipe me')).toBeInTheDocument();
    fireEvent.pointerDown(item, { clientX: 10 });
    fireEvent.pointerMove(item, { clientX: 80 });
    fireEvent.pointerUp(item);
    expect(screen.queryByText('Swipe me')).not.toBeInTheDocument();
  });
});
