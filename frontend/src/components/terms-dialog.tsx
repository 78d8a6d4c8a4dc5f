import { ShieldCheck } from 'lucide-react';
import { Button } from './ui/button';
import { Dialog } from './ui/dialog';
import { TERMS_SECTIONS, TERMS_TITLE } from '../lib/terms';

/** The full Terms of Use & Safety Disclaimer, eight sections. */
export function TermsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title={TERMS_TITLE} description="Please read these before posting or picking up." variant="sheet">
      <div className="space-y-4 text-sm text-slate-800">
        <p className="flex items-start gap-2 rounded-xl bg-emerald-50 p-3 text-emerald-950">
          <ShieldCheck className="mt-0.5 size-5 shrink-0" aria-hidden />
          Curbside works because neighbours look out for each other. Stay safe, be honest, and never use the app while driving.
        </p>
        {TERMS_SECTIONS.map((section) => (
          <section key={section.heading} aria-label={section.heading}>
            <h3 className="text-base font-semibold text-slate-900">{section.heading}</h3>
            {section.paragraphs.map((text) => (
              <p key={text} className="mt-1">
                {text}
              </p>
            ))}
          </section>
        ))}
        <Button onClick={onClose} className="w-full">
          I Understand
        </Button>
      </div>
    </Dialog>
  );
}
