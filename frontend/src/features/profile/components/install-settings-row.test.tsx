import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { captureInstallPrompt, resetInstallPrompt } from '../../../lib/install-prompt';
import { InstallSettingsRow } from './install-settings-row';

describe("the profile's Install Curbside row", () => {
  const target = new EventTarget() as Window;
  beforeAll(() => captureInstallPrompt(target));
  beforeEach(resetInstallPrompt);

  it('is there only while the browser can install, and installs with the kept prompt', async () => {
    render(
      <ul>
        <InstallSettingsRow />
      </ul>,
    );
    expect(screen.queryByRole('button', { name: /Install Curbside/ })).not.toBeInTheDocument();
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: vi.fn().mockResolvedValue(undefined),
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    act(() => void target.dispatchEvent(event));
    await userEvent.click(screen.getByRole('button', { name: /Install Curbside/ }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: /Install Curbside/ })).not.toBeInTheDocument();
    // Installed: nothing more to offer.
    act(() => void target.dispatchEvent(new Event('appinstalled')));
    expect(screen.queryByRole('button', { name: /Install Curbside/ })).not.toBeInTheDocument();
  });
});
