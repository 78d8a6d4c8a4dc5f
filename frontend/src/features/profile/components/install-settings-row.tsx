import { ChevronRight, Download } from 'lucide-react';
import { installApp, useInstallPrompt } from '../../../lib/install-prompt';

/** "Install Curbside" in the profile's settings, whenever the browser can install the app (lib/install-prompt.ts). */
export function InstallSettingsRow() {
  const { available } = useInstallPrompt();
  if (!available) return null;
  return (
    <li>
      <button
        type="button"
        onClick={() => void installApp()}
        className="flex min-h-14 w-full items-center gap-3 px-4 py-2 text-left hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-700"
      >
        <Download className="size-5 shrink-0 text-emerald-800" aria-hidden />
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-semibold text-slate-900">Install Curbside</span>
          <span className="block text-xs text-slate-600">Add the app to your home screen</span>
        </span>
        <ChevronRight className="size-4 shrink-0 text-slate-500" aria-hidden />
      </button>
    </li>
  );
}
