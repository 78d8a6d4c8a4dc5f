import { render, screen } from '@testing-library/react';
import { SwitchRow } from './switch-row';

const track = (name: string) => screen.getByRole('switch', { name }).nextElementSibling as HTMLElement;

describe('SwitchRow', () => {
  it('draws a locked switch pale, apart from one that is only off', () => {
    render(
      <>
        <SwitchRow label="Voting alerts" checked={false} onChange={() => undefined} />
        <SwitchRow label="Garage sale alerts" checked={false} disabled onChange={() => undefined} />
        <SwitchRow label="New item alerts" checked onChange={() => undefined} />
      </>,
    );
    const backgrounds = (el: HTMLElement) => [...el.classList].filter((c) => c.startsWith('bg-'));
    expect(backgrounds(track('Voting alerts'))).toEqual(['bg-slate-500']);
    expect(backgrounds(track('Garage sale alerts'))).toEqual(['bg-slate-200']);
    expect(backgrounds(track('New item alerts'))).toEqual(['bg-emerald-700']);
  });
});
