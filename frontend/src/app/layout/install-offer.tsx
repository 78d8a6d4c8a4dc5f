import { Download } from 'lucide-react';
import { dismissInstallOffer, installApp, useInstallPrompt } from '../../lib/install-prompt';
import { Button } from '../../components/ui/button';

/** The one-time offer after a first post or claim (lib/install-prompt.ts says when). */
export function InstallOffer() {
  const { offered } = useInstallPrompt();
  if (!offered) return null;
  return (
    <section
      aria-label="Install Curbside"
      className="mb-3 flex flex-wrap items-center gap-2 rounded-xl border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-950"
    >
      <p className="min-w-0 flex-1">Add Curbside to your home screen: it opens like an app and keeps your last feed for when you are offline.</p>
      <Button size="compact" onClick={() => void installApp()}>
        <Download className="size-4" aria-hidden /> Install Curbside
      </Button>
      <Button size="compact" variant="ghost" onClick={dismissInstallOffer}>
        Not now
      </Button>
    </section>
  );
}
