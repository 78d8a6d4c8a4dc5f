import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { StaticSessionProvider } from '../../../lib/session/session-provider';
import { makeUser } from '../../../testing/factories';
import { TUTORIAL_STEPS } from '../lib/tutorial-steps';
import { TutorialAutoOpen, TUTORIAL_DELAY_MS } from './tutorial-auto-open';
import { TutorialDialog } from './tutorial-dialog';

describe('TutorialDialog', () => {
  it('walks 11 steps with Back and Next and stores the completed flag on "Start Exploring!"', async () => {
    const onClose = vi.fn();
    render(<TutorialDialog open onClose={onClose} />);
    expect(TUTORIAL_STEPS).toHaveLength(11);
    expect(screen.getByText('Step 1 of 11')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    for (let i = 0; i < 10; i++) await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Step 11 of 11')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('dialog', { name: TUTORIAL_STEPS[9]?.title })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Start Exploring!' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('tutorialCompleted')).toBe('true');
  });

  it('closes on Escape or a click on the overlay before the end, as dismissed (not completed)', async () => {
    const onClose = vi.fn();
    render(<TutorialDialog open onClose={onClose} />);
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('dialog'));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem('tutorialDismissed')).toBe('true');
    expect(localStorage.getItem('tutorialCompleted')).toBeNull();
  });

  it('renders nothing while closed', () => {
    render(<TutorialDialog open={false} onClose={() => undefined} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('tutorial auto-open', () => {
  const renderFor = (points: number) =>
    render(
      <StaticSessionProvider user={makeUser({ points })}>
        <TutorialAutoOpen />
      </StaticSessionProvider>,
    );

  it('opens 1 s after load for a neighbour with 0 points', async () => {
    vi.useFakeTimers();
    renderFor(0);
    act(() => vi.advanceTimersByTime(TUTORIAL_DELAY_MS - 10));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(10));
    vi.useRealTimers();
    expect(await screen.findByText('Step 1 of 11')).toBeInTheDocument();
  });

  it('stays closed with points, once completed, or once dismissed', async () => {
    vi.useFakeTimers();
    const { unmount } = renderFor(10);
    localStorage.setItem('tutorialCompleted', 'true');
    const second = renderFor(0);
    localStorage.removeItem('tutorialCompleted');
    localStorage.setItem('tutorialDismissed', 'true');
    const third = renderFor(0);
    act(() => vi.advanceTimersByTime(TUTORIAL_DELAY_MS * 3));
    vi.useRealTimers();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();
    second.unmount();
    third.unmount();
  });
});
