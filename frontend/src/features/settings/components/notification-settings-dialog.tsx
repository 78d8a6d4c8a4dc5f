import type { User } from '@curbside/contracts';
import { Loader2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { plural } from '../../../lib/plural';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';
import {
  ALERT_SWITCHES,
  DELIVERY_SWITCHES,
  GARAGE_SALE_HINT,
  RADIUS_MAX,
  RADIUS_MIN,
  RADIUS_STEP,
  canUseGarageSaleAlerts,
  preferencesRequest,
  settingsOf,
  type FlagKey,
  type NotificationSettings,
} from '../lib/notification-settings';
import { SwitchRow } from './switch-row';

/** Notification settings (spec §2): the radius slider, a switch per alert kind, and push, e-mail and SMS. */
export function NotificationSettingsDialog({ user, open, onClose }: { user: User; open: boolean; onClose: () => void }) {
  const [settings, setSettings] = useState<NotificationSettings>(() => settingsOf(user));
  const save = useUpdateNotificationPreferences();
  const radiusId = useId();
  const garageSales = canUseGarageSaleAlerts(user.subscriptionTier);

  const setFlag = (key: FlagKey, value: boolean) => setSettings((s) => ({ ...s, flags: { ...s.flags, [key]: value } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(preferencesRequest(settings, user.subscriptionTier), {
      onSuccess: () => {
        toast({ title: 'Preferences Updated', description: 'Your notification preferences have been saved.', variant: 'success' });
        onClose();
      },
      onError: (error) => toast({ title: 'Update Failed', description: errorMessage(error), variant: 'destructive' }),
    });
  };

  return (
    <Dialog open={open} onClose={onClose} title="Notification Settings" description="What you hear about, and how far away." variant="sheet" dismissible={!save.isPending}>
      <form onSubmit={submit} className="space-y-4">
        <div>
          <div className="flex items-baseline justify-between">
            <label htmlFor={radiusId} className="text-sm font-semibold text-slate-900">
              Notification radius
            </label>
            <output htmlFor={radiusId} className="text-sm font-bold text-emerald-800">
              {plural(settings.radius, 'mile')}
            </output>
          </div>
          <input
            id={radiusId}
            type="range"
            min={RADIUS_MIN}
            max={RADIUS_MAX}
            step={RADIUS_STEP}
            value={settings.radius}
            aria-valuetext={plural(settings.radius, 'mile')}
            onChange={(e) => setSettings((s) => ({ ...s, radius: Number(e.target.value) }))}
            className="mt-2 h-11 w-full cursor-pointer accent-emerald-700"
          />
          <div className="flex justify-between text-xs text-slate-600" aria-hidden>
            <span>{RADIUS_MIN} mi</span>
            <span>{RADIUS_MAX} mi</span>
          </div>
        </div>

        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Alerts</legend>
          <div className="divide-y divide-slate-100">
            {ALERT_SWITCHES.map(({ key, label, hint }) => {
              const locked = key === 'enableGarageSaleAlerts' && !garageSales;
              return (
                <SwitchRow
                  key={key}
                  label={label}
                  hint={locked ? GARAGE_SALE_HINT : hint}
                  checked={locked ? false : settings.flags[key]}
                  disabled={locked}
                  onChange={(value) => setFlag(key, value)}
                />
              );
            })}
          </div>
        </fieldset>

        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Delivery</legend>
          <div className="divide-y divide-slate-100">
            {DELIVERY_SWITCHES.map(({ key, label, hint }) => (
              <SwitchRow key={key} label={label} hint={hint} checked={settings.flags[key]} onChange={(value) => setFlag(key, value)} />
            ))}
          </div>
        </fieldset>

        <div className="sticky bottom-0 -mx-4 grid grid-cols-2 gap-2 border-t border-slate-100 bg-white px-4 pt-3">
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending && <Loader2 className="size-4 animate-spin" aria-hidden />}
            {save.isPending ? 'Saving...' : 'Save Preferences'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
