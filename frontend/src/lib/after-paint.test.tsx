import { act, render, screen } from '@testing-library/react';
import { useAfterFirstPaint } from './after-paint';

function Screen() {
  return <p>{useAfterFirstPaint() ? 'map' : 'placeholder'}</p>;
}

describe('useAfterFirstPaint', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] }));
  afterEach(() => vi.useRealTimers());

  it('holds the heavy part back for the first frame and lets it in after that frame', () => {
    render(<Screen />);
    expect(screen.getByText('placeholder')).toBeInTheDocument();
    act(() => vi.advanceTimersToNextFrame());
    expect(screen.getByText('placeholder')).toBeInTheDocument();
    act(() => vi.runOnlyPendingTimers());
    expect(screen.getByText('map')).toBeInTheDocument();
  });

  it('lets nothing in after the screen has gone', () => {
    const { unmount } = render(<Screen />);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
