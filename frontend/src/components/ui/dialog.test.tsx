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

function NestedHost() {
  const [outer, setOuter] = useState(true);
  const [inner, setInner] = useState(false);
  return outer ? (
    <Dialog open onClose={() => setOuter(false)} title="Notification Settings">
      <button type="button" onClick={() => setInner(true)}>
        SMS
      </button>
      {inner && (
        <Dialog open onClose={() => setInner(false)} title="Choose Your Plan">
          <p>Plans</p>
        </Dialog>
      )}
    </Dialog>
  ) : null;
}

describe('Dialog opened from a dialog', () => {
  it('closes only itself on Escape and gives focus back to the control in the dialog under it', () => {
    render(<NestedHost />);
    const sms = screen.getByRole('button', { name: 'SMS' });
    sms.focus();
    fireEvent.click(sms);
    const plans = screen.getByRole('dialog', { name: 'Choose Your Plan' });
    // What the browser does on Escape: a cancel event on the dialog in the top layer.
    fireEvent(plans, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog', { name: 'Choose Your Plan' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Notification Settings' })).toBeInTheDocument();
    expect(sms).toHaveFocus();
  });
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
