import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { vi } from 'vitest';
import { Button } from './button';
import { Dialog } from './dialog';

function Host({ unmountOnClose }: { unmountOnClose: boolean }) {
  const [open, setOpen] = useState(false);
  const dialog = (
    <Dialog open={open} onClose={() => setOpen(false)} title="Edit Item">
      <button type="button" onClick={() => setOpen(false)}>
        Done
      </button>
    </Dialog>
  );
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Opener
      </button>
      {unmountOnClose ? open && dialog : dialog}
    </>
  );
}

describe('Dialog', () => {
  for (const unmountOnClose of [false, true]) {
    it(`closes the native dialog and gives focus back to the opener (${unmountOnClose ? 'unmounted' : 'open turned false'})`, () => {
      const close = vi.spyOn(HTMLDialogElement.prototype, 'close');
      render(<Host unmountOnClose={unmountOnClose} />);
      const opener = screen.getByRole('button', { name: 'Opener' });
      opener.focus();
      fireEvent.click(opener);
      const dialog = screen.getByRole('dialog', { name: 'Edit Item' });
      screen.getByRole('button', { name: 'Done' }).focus();
      fireEvent.click(screen.getByRole('button', { name: 'Done' }));
      expect(close).toHaveBeenCalled();
      expect(dialog).not.toHaveAttribute('open');
      expect(opener).toHaveFocus();
      close.mockRestore();
    });
  }
});

describe('Button', () => {
  it('lets a className override the base classes (tailwind-merge)', () => {
    render(<Button className="px-3 bg-amber-400">Go</Button>);
    const button = screen.getByRole('button', { name: 'Go' });
    expect(button).toHaveClass('px-3', 'bg-amber-400');
    expect(button).not.toHaveClass('px-4');
    expect(button).not.toHaveClass('bg-emerald-700');
  });
});
