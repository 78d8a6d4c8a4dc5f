import type { ReactNode } from 'react';
import { Loader2, type LucideIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

/**
 * A settings dialog that asks before an act that cannot be undone: what it does, then Cancel and the act itself
 * (danger), which spins and says so while it runs; the dialog cannot be dismissed meanwhile.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  onCancel,
  onConfirm,
  busy,
  icon: Icon,
  label,
  busyLabel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  onCancel: () => void;
  onConfirm: () => void;
  busy: boolean;
  icon: LucideIcon;
  label: string;
  busyLabel: string;
}) {
  return (
    <Dialog open={open} onClose={onCancel} title={title} dismissible={!busy}>
      <div className="space-y-3 text-sm text-slate-800">
        {children}
        <div className="grid grid-cols-2 gap-2 pt-1">
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" disabled={busy} onClick={onConfirm}>
            {busy ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Icon className="size-4" aria-hidden />}
            {busy ? busyLabel : label}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
