import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router';

/** The Navigation API's view of this tab's history (Chromium, Safari 26, Firefox 147): only this site's entries. */
interface NavigationHistory {
  currentEntry: { index: number } | null;
}

/**
 * Whether the page before this one in the tab is one of this site's, after a full page load too (a link, a typed
 * address, a reload), when the router's own history index starts again at 0. The Navigation API lists only the
 * site's own entries next to the current one; without it, the referrer says where the page was opened from.
 */
function hasEarlierPageOfThisSite(): boolean {
  const navigation = (window as { navigation?: NavigationHistory }).navigation;
  if (navigation?.currentEntry) return navigation.currentEntry.index > 0;
  if (window.history.length < 2 || !document.referrer) return false;
  try {
    return new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** Spec §2: back in the browser's history, or to the feed when the screen was opened with nothing of ours before it. */
export function BackButton() {
  const navigate = useNavigate();
  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else if (hasEarlierPageOfThisSite()) window.history.back();
    else void navigate('/');
  };
  return (
    <button
      type="button"
      onClick={goBack}
      aria-label="Back"
      className="grid size-11 shrink-0 place-items-center rounded-full text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-700"
    >
      <ArrowLeft className="size-6" aria-hidden />
    </button>
  );
}
