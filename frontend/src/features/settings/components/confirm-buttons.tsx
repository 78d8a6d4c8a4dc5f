import { Loader2, type LucideIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** A settings dialog's two answers: Cancel, and the act itself (danger), which spins and says so while it runs. */
export function ConfirmButtons({
  onCancel,
  onConfirm,
  busy,
  icon: Icon,
  label,
  busyLabel,
}: {
  onCancel: () => void;
  onConfirm: () => void;
  busy: boolean;
  icon: LucideIcon;
  label: string;
  busyLabel: string;
}) {
  return (
    <div className="grid grid-cols-2 gap-2 pt-1">
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button variant="danger" disabled={busy} onClick={onConfirm}>
        {busy ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Icon className="size-4" aria-hidden />}
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}
