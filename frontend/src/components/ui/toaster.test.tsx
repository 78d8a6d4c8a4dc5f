import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Dialog } from './dialog';
import { toast, TOAST_DURATION_MS, withoutRepeatedTitle } from './toast-store';
import { DismissToastsOnNavigation, Toaster, ToastSlot } from './toaster';

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
    expect(screen.getByRole('region', { name: 'Notifications (F8)' }).firstElementChild).toHaveFocus();
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

describe('toasts over dialogs and across screens', () => {
  it('shows in the flow of the page slot, moves into an open dialog under its title, and back when it closes', () => {
    render(
      <>
        <Toaster />
        <ToastSlot kind="page" />
        <DialogHost />
      </>,
    );
    const pageSlot = document.querySelector('[data-toast-slot="page"]') as HTMLElement;
    act(() => void toast({ title: 'Saved' }));
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    // In a slot it is an ordinary element in the flow: no popover, no fixed position over the page.
    expect(pageSlot).toContainElement(region);
    expect(region).not.toHaveAttribute('popover');
    expect(region.className).not.toMatch(/\bfixed\b/);
    // A toast is not a list item: no list semantics around a status.
    expect(region.querySelector('ol, ul, li')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Sheet' });
    act(() => void toast({ title: 'Title required', variant: 'destructive' }));
    const dialogSlot = dialog.querySelector('[data-toast-slot="modal"]') as HTMLElement;
    expect(dialogSlot).toContainElement(screen.getByTestId('toast'));
    // Under the title and its close button, before the dialog's body.
    expect(dialogSlot.previousElementSibling).toContainElement(screen.getByRole('button', { name: 'Close' }));
    expect(dialogSlot.nextElementSibling).toContainElement(screen.getByText('Body'));
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog', { name: 'Sheet' })).not.toBeInTheDocument();
    expect(pageSlot).toContainElement(screen.getByTestId('toast'));
  });

  it('without a slot (start-up) it is a popover at the bottom of the screen', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Hello' }));
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(region).toHaveAttribute('popover', 'manual');
    expect(region.className).toMatch(/bottom-2/);
  });

  it('stays while hovered and leaves 5 s after', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => void toast({ title: 'Read me' }));
    const list = screen.getByRole('region', { name: 'Notifications (F8)' }).firstElementChild as HTMLElement;
    fireEvent.pointerEnter(list);
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS * 3));
    expect(screen.getByText('Read me')).toBeInTheDocument();
    fireEvent.pointerLeave(list);
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
    expect(screen.queryByText('Read me')).not.toBeInTheDocument();
  });

  it('takes the previous screen’s toast away on navigation, unless it was raised to be carried over', () => {
    const router = createMemoryRouter([{ path: '*', element: <DismissToastsOnNavigation /> }], { initialEntries: ['/a'] });
    render(
      <>
        <RouterProvider router={router} />
        <Toaster />
      </>,
    );
    act(() => void toast({ title: 'Old news' }));
    act(() => void router.navigate('/b'));
    expect(screen.queryByText('Old news')).not.toBeInTheDocument();
    act(() => void toast({ title: 'Garage Sale Posted!', keepOnNavigation: true }));
    act(() => void router.navigate('/'));
    expect(screen.getByText('Garage Sale Posted!')).toBeInTheDocument();
  });

  it('does not say the title twice', () => {
    expect(withoutRepeatedTitle("You're interested!", "You're interested! We'll keep this garage sale on your radar.")).toBe(
      "We'll keep this garage sale on your radar.",
    );
    expect(withoutRepeatedTitle('Interest removed', 'Interest removed')).toBeUndefined();
    expect(withoutRepeatedTitle('Error', 'boom')).toBe('boom');
  });
});

function DialogHost() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Sheet">
        <p>Body</p>
      </Dialog>
    </>
  );
}
