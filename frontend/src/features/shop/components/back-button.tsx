import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router';

/** Spec §2: back in the browser's history, or to the feed when the screen was opened directly. */
function cameFromThisSite(): boolean {
  if (window.history.length < 2 || !document.referrer) return false;
  try {
    return new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

export function BackButton() {
  const navigate = useNavigate();
  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    // Opened by a full page load (a link, a reload): the page before it is still in the browser's history.
    else if (cameFromThisSite()) window.history.back();
    else void navigate('/');
  };
  return (
    <button type="button" onClick={goBack} aria-label="Back" className="grid size-11 shrink-0 place-items-center rounded-full text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-700">
      <ArrowLeft className="size-6" aria-hidden />
    </button>
  );
}
