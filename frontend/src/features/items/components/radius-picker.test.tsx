import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { reportRadiusCap, resetRadiusCap } from '../../../lib/plans/radius-cap-store';
import { makeUser } from '../../../testing/factories';
import { renderWithApp } from '../../../testing/render';
import { RadiusPicker } from './radius-picker';

function Picker({ initial, onChange }: { initial: number; onChange?: (r: number) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <RadiusPicker
      value={value}
      onChange={(r) => {
        setValue(r);
        onChange?.(r);
      }}
    />
  );
}

describe('RadiusPicker', () => {
  afterEach(() => resetRadiusCap());

  it('locks the radii above a free plan’s 5 miles and opens the plans from them', async () => {
    const changed = vi.fn();
    renderWithApp(<Picker initial={2} onChange={changed} />, { user: makeUser({ subscriptionTier: 'free' }) });
    expect(screen.getByRole('button', { name: '5 mi' })).toHaveAttribute('aria-pressed', 'false');
    const locked = screen.getByRole('button', { name: '10 mi, locked: needs the Basic plan' });
    expect(locked).not.toHaveAttribute('aria-pressed');
    expect(screen.getByRole('button', { name: '100 mi, locked: needs the Pro plan' })).toBeInTheDocument();

    await userEvent.click(locked);
    const dialog = await screen.findByRole('dialog', { name: 'Choose Your Plan' });
    expect(dialog).toHaveTextContent('Searching 10 miles needs the Basic plan or higher.');
    expect(changed).not.toHaveBeenCalled();
  });

  it('shows a stored radius above the cap as the cap the server searches', () => {
    renderWithApp(<Picker initial={50} />, { user: makeUser({ subscriptionTier: 'basic' }) });
    expect(screen.getByRole('button', { name: '10 mi' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(/Searching 10 miles: The Basic plan searches up to 10 miles\./)).toBeInTheDocument();
  });

  it('offers every radius on Pro, with nothing locked', async () => {
    const changed = vi.fn();
    renderWithApp(<Picker initial={5} onChange={changed} />, { user: makeUser({ subscriptionTier: 'pro' }) });
    expect(screen.queryByRole('button', { name: /locked/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/See plans/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '100 mi' }));
    expect(changed).toHaveBeenCalledWith(100);
  });

  it('shows the radius the server said it searched (X-Radius-Cap) as chosen', () => {
    reportRadiusCap('25');
    renderWithApp(<Picker initial={50} />, { user: makeUser({ subscriptionTier: 'pro' }) });
    expect(screen.getByRole('button', { name: '25 mi' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '50 mi' })).toHaveAttribute('aria-pressed', 'false');
  });
});
