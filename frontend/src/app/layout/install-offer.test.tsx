import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { captureInstallPrompt, offerInstall, resetInstallPrompt } from '../../lib/install-prompt';
import { InstallOffer } from './install-offer';

/** Chromium's beforeinstallprompt, with the dialog's answer. */
function installEvent(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: ReturnType<typeof vi.fn>;
    userChoice: Promise<{ outcome: string }>;
  };
  event.prompt = vi.fn().mockResolvedValue(undefined);
  event.userChoice = Promise.resolve({ outcome });
  return event;
}

describe('the install offer', () => {
  const target = new EventTarget() as Window;
  beforeAll(() => captureInstallPrompt(target));
  beforeEach(() => {
    resetInstallPrompt();
    localStorage.clear();
  });

  it('never shows on load: the browser prompt is kept, not shown', () => {
    const event = installEvent();
    act(() => void target.dispatchEvent(event));
    render(<InstallOffer />);
    expect(event.defaultPrevented).toBe(true);
    expect(screen.queryByRole('region', { name: 'Install Curbside' })).not.toBeInTheDocument();
  });

  it("offers to install after the member's first post or claim, and installs with the kept prompt", async () => {
    const event = installEvent();
    act(() => void target.dispatchEvent(event));
    render(<InstallOffer />);
    act(() => offerInstall());
    const offer = screen.getByRole('region', { name: 'Install Curbside' });
    await userEvent.click(screen.getByRole('button', { name: 'Install Curbside' }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(offer).not.toBeInTheDocument();
  });

  it('offers once per browser: "Not now" is remembered, a second post offers nothing', async () => {
    act(() => void target.dispatchEvent(installEvent()));
    const { unmount } = render(<InstallOffer />);
    act(() => offerInstall());
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'Install Curbside' })).not.toBeInTheDocument();
    unmount();
    resetInstallPrompt(); // a later visit, the browser offering again
    act(() => void target.dispatchEvent(installEvent()));
    render(<InstallOffer />);
    act(() => offerInstall());
    expect(screen.queryByRole('region', { name: 'Install Curbside' })).not.toBeInTheDocument();
  });

  it('offers nothing when the browser cannot install (no kept prompt), and keeps the chance for later', () => {
    render(<InstallOffer />);
    act(() => offerInstall());
    expect(screen.queryByRole('region', { name: 'Install Curbside' })).not.toBeInTheDocument();
    act(() => void target.dispatchEvent(installEvent()));
    act(() => offerInstall());
    expect(screen.getByRole('region', { name: 'Install Curbside' })).toBeInTheDocument();
  });
});
