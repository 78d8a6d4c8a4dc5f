import { fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { RangeField } from './range-field';

function Host() {
  const form = useForm({ defaultValues: { hours: 4 } });
  const hours = form.watch('hours');
  return <RangeField id="hours" label={`Pickup window: ${hours} h`} min={1} max={24} {...form.register('hours', { valueAsNumber: true })} />;
}

describe('RangeField', () => {
  it('is a slider named by its label, in whole steps between its bounds, that a form reads', () => {
    render(<Host />);
    const slider = screen.getByRole('slider', { name: 'Pickup window: 4 h' });
    expect(slider).toHaveAttribute('min', '1');
    expect(slider).toHaveAttribute('max', '24');
    expect(slider).toHaveAttribute('step', '1');
    fireEvent.change(slider, { target: { value: '9' } });
    expect(screen.getByRole('slider', { name: 'Pickup window: 9 h' })).toHaveValue('9');
  });
});
