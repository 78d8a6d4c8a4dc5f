import type { User } from '@curbside/contracts';
import { Loader2 } from 'lucide-react';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { plural } from '../../../lib/plural';
import type { Tier } from '../../../lib/plans/plans';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';
import { deviceSubscribed, pushPermission, subscribeThisDevice, unsubscribeThisDevice, type PushPermission } from '../lib/push-device';
import {
  ALERT_SWITCHES,
  alertsTiming,
  channelPromise,
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
import { AlertEmailField } from './alert-email-field';
import { SwitchRow } from '../../../components/ui/switch-row';

const PlansDialog = lazy(() => import('../../../components/plans-dialog').then((m) => ({ default: m.PlansDialog })));

const DEVICE_STATUS: Record<PushPermission, string> = {
  unsupported: 'This browser cannot receive push notifications.',
  denied: "Notifications are blocked for Curbside in this browser's settings.",
  default: 'This device does not receive pushes yet.',
  granted: 'This device does not receive pushes yet.',
};

/** Notification settings (spec §2): the radius slider, a switch per alert kind, and push, e-mail and SMS. */
export function NotificationSettingsDialog({ user, open, onClose }: { user: User; open: boolean; onClose: () => void }) {
  const [settings, setSettings] = useState<NotificationSettings>(() => settingsOf(user));
  const save = useUpdateNotificationPreferences();
  const radiusId = useId();
  const garageSales = canUseGarageSaleAlerts(user.subscriptionTier);

  /** A locked switch opens the plans, saying what unlocks it, instead of turning on. */
  const [plans, setPlans] = useState<{ reason: string; suggested: Tier } | null>(null);
  const [device, setDevice] = useState(() => ({ permission: pushPermission(), subscribed: deviceSubscribed(), busy: false }));

  const setFlag = (key: FlagKey, value: boolean) => setSettings((s) => ({ ...s, flags: { ...s.flags, [key]: value } }));
  const setQuiet = (change: Partial<NotificationSettings['quietHours']>) => setSettings((s) => ({ ...s, quietHours: { ...s.quietHours, ...change } }));

  /** Asked only from a tap (turning pushes on for this device, or saving with them on): never on load. */
  const turnOnDevice = async () => {
    setDevice((d) => ({ ...d, busy: true }));
    try {
      const permission = await subscribeThisDevice();
      setDevice({ permission, subscribed: permission === 'granted', busy: false });
    } catch (error) {
      setDevice((d) => ({ ...d, busy: false }));
      toast({ title: 'Push not turned on', description: errorMessage(error), variant: 'destructive' });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const pushOn = settings.flags.enablePushNotifications;
    if (pushOn && !device.subscribed && device.permission === 'default') void turnOnDevice();
    if (!pushOn && device.subscribed) void unsubscribeThisDevice().then(() => setDevice((d) => ({ ...d, subscribed: false })));
    save.mutate(preferencesRequest(settings, user.subscriptionTier), {
      onSuccess: () => {
        toast({ title: 'Preferences Updated', description: 'Your notification preferences have been saved.', variant: 'success' });
        onClose();
      },
      onError: (error) => toast({ title: 'Update Failed', description: errorMessage(error), variant: 'destructive' }),
    });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Notification Settings"
      description="What you hear about, and how far away."
      variant="sheet"
      dismissible={!save.isPending}
    >
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
          <p className="text-xs text-slate-600">{alertsTiming(user.subscriptionTier)}</p>
          <div className="divide-y divide-slate-100">
            {ALERT_SWITCHES.map(({ key, label, hint }) => {
              const locked = key === 'enableGarageSaleAlerts' && !garageSales;
              return (
                <SwitchRow
                  key={key}
                  label={locked ? `${label} (Premium and up)` : label}
                  hint={locked ? GARAGE_SALE_HINT : hint}
                  checked={locked ? false : settings.flags[key]}
                  onChange={(value) => (locked ? setPlans({ reason: `${GARAGE_SALE_HINT}.`, suggested: 'premium' }) : setFlag(key, value))}
                />
              );
            })}
          </div>
        </fieldset>

        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Delivery</legend>
          <div className="divide-y divide-slate-100">
            {DELIVERY_SWITCHES.map(({ key, label }) => {
              const promise = channelPromise(key as Parameters<typeof channelPromise>[0], user.subscriptionTier);
              return (
                <div key={key}>
                  <SwitchRow
                    label={promise.locked ? `${label} (Basic and up)` : label}
                    hint={promise.text}
                    checked={promise.locked ? false : settings.flags[key]}
                    onChange={(value) =>
                      promise.locked ? setPlans({ reason: 'Text alerts come with the Basic plan and up.', suggested: 'basic' }) : setFlag(key, value)
                    }
                  />
                  {key === 'enableEmailNotifications' && settings.flags.enableEmailNotifications && <AlertEmailField user={user} />}
                  {key === 'enablePushNotifications' && settings.flags.enablePushNotifications && !device.subscribed && (
                    <p className="flex flex-wrap items-center gap-2 pb-2 text-xs text-slate-600">
                      {DEVICE_STATUS[device.permission]}
                      {(device.permission === 'default' || device.permission === 'granted') && (
                        <Button variant="secondary" size="compact" onClick={() => void turnOnDevice()} disabled={device.busy}>
                          {device.busy && <Loader2 className="size-4 animate-spin" aria-hidden />}
                          Turn on for this device
                        </Button>
                      )}
                    </p>
                  )}
                </div>
              );
            })}
          </div>
        </fieldset>

        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Quiet hours</legend>
          <SwitchRow
            label="Quiet hours"
            hint="Only “You're up” and handover messages reach you then; item alerts wait in the app, no texts."
            checked={settings.quietHours.on}
            onChange={(on) => setQuiet({ on })}
          />
          {settings.quietHours.on && (
            <div className="grid grid-cols-2 gap-3 pb-1">
              <QuietHoursTime label="From" value={settings.quietHours.start} onChange={(start) => setQuiet({ start })} />
              <QuietHoursTime label="Until" value={settings.quietHours.end} onChange={(end) => setQuiet({ end })} />
            </div>
          )}
        </fieldset>

        {/* Down to the sheet's edge, over the scrolling body's bottom padding: nothing scrolls by under the buttons. */}
        <div className="sticky -bottom-3 -mx-4 -mb-3 grid grid-cols-2 gap-2 border-t border-slate-100 bg-white px-4 py-3">
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending && <Loader2 className="size-4 animate-spin" aria-hidden />}
            {save.isPending ? 'Saving...' : 'Save Preferences'}
          </Button>
        </div>
      </form>
      {plans && (
        <Suspense fallback={null}>
          <PlansDialog open onClose={() => setPlans(null)} reason={plans.reason} suggested={plans.suggested} />
        </Suspense>
      )}
    </Dialog>
  );
}

/** One end of the quiet hours: a labelled time of day. */
function QuietHoursTime({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <label htmlFor={id} className="text-xs font-medium text-slate-700">
      {label}
      <input
        id={id}
        type="time"
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="mt-1 block h-11 w-full rounded-lg border border-slate-300 px-2 text-sm text-slate-900"
      />
    </label>
  );
}
