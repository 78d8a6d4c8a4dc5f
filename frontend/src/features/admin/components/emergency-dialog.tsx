import { EMERGENCY_ELEVATION_MINUTES, EmergencyError, EmergencyMessages, type EmergencyAccessResponse, type EmergencyLogEntry } from '@curbside/contracts';
import { Loader2, LockKeyhole, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, inputClass } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage, hasErrorCode } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useAdminStatus } from '../../../lib/session/api/get-admin-status';
import { useEmergencyAccess } from '../api/emergency-access';
import { useEmergencyLogs } from '../api/emergency-logs';
import { useEmergencyUnlock } from '../api/emergency-unlock';

const NOT_PROVIDED = 'Not provided';
const NA = 'N/A';

const text = (value: string | null | undefined) => (value && value.trim() ? value : NOT_PROVIDED);
const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : NA);
const yesNo = (value: boolean | null | undefined) => (value === undefined || value === null ? NA : value ? 'Yes' : 'No');

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_1fr] gap-2 py-1 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** Why the gate is shown again after the dashboard was open. */
const ELEVATION_ENDED = 'Emergency access ended after 10 minutes. Enter the password again to continue.';

/**
 * The password gate: the server checks the password and opens a 10-minute elevation of this session; the dashboard
 * opens only then. The password is not kept: lookups and the log ask the server for the elevation.
 */
function PasswordGate({ userId, notice, onUnlocked, onCancel }: { userId: string; notice: string | null; onUnlocked: () => void; onCancel: () => void }) {
  const [password, setPassword] = useState('');
  const unlock = useEmergencyUnlock(userId);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  // Back from the dashboard (its time or its lookups used up): the button that had focus is gone, so the password
  // field takes it, where the admin types next.
  useEffect(() => {
    if (notice) input.current?.focus();
  }, [notice]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password || unlock.isPending) return;
    unlock.mutate(
      { adminUserId: userId, adminPassword: password },
      {
        onSuccess: () => onUnlocked(),
        onError: (error) => {
          setPassword('');
          input.current?.focus();
          if (hasErrorCode(error, EmergencyError.WRONG_PASSWORD))
            toast({ title: 'Access Denied', description: EmergencyMessages.wrongPassword, variant: 'destructive' });
          else toast({ title: 'Access Denied', description: errorMessage(error), variant: 'destructive' });
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-4 pb-2">
      {notice && (
        <p role="status" className="rounded-xl bg-amber-50 p-2 text-sm text-amber-900">
          {notice}
        </p>
      )}
      <p className="flex items-start gap-2 text-sm text-slate-700">
        <LockKeyhole className="mt-0.5 size-4 shrink-0 text-slate-600" aria-hidden />
        Enter the emergency password. Every use of this tool is logged and audited.
      </p>
      <Field id={id} label="Admin password">
        <input
          ref={input}
          id={id}
          type="password"
          autoComplete="off"
          className={inputClass}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={!password || unlock.isPending}>
          {unlock.isPending && <Loader2 className="size-4 animate-spin" aria-hidden />}
          Authenticate
        </Button>
      </div>
    </form>
  );
}

/** The last reported position as plain coordinates with its time, and a map link (OpenStreetMap, as the item page's directions). */
function LastPosition({ position, unavailable }: { position: EmergencyAccessResponse['lastPosition']; unavailable: boolean }) {
  if (unavailable) return <>{NA}</>;
  if (!position) return <>Location not available</>;
  const { lat, lng, reportedAt } = position;
  const map = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
  return (
    <span data-testid="emergency-last-position">
      {lat.toFixed(5)}, {lng.toFixed(5)} <span className="font-normal text-slate-600">· reported {when(reportedAt)}</span>{' '}
      <a href={map} target="_blank" rel="noreferrer noopener" className="text-emerald-800 underline">
        Open map
      </a>
    </span>
  );
}

function UserPanel({ result }: { result: EmergencyAccessResponse }) {
  const { user, activity, settings, recentActivity, recentItems, unavailable, lastPosition, emergencyContact } = result;
  return (
    <section aria-labelledby="emergency-user" className="rounded-2xl border border-slate-200 p-3" data-testid="emergency-user-panel">
      <h3 id="emergency-user" className="font-semibold">
        User information
      </h3>
      <dl className="mt-1 divide-y divide-slate-100">
        <Row label="User ID">{user.id}</Row>
        <Row label="Username">{text(user.username)}</Row>
        <Row label="First name">{text(user.firstName)}</Row>
        <Row label="Verified name">{text(user.verifiedName)}</Row>
        <Row label="Phone">{text(user.verifiedPhone)}</Row>
        <Row label="E-mail">{text(user.verifiedEmail)}</Row>
        <Row label="Emergency contact">{emergencyContact ? `${emergencyContact.name}, ${emergencyContact.phone}` : NOT_PROVIDED}</Row>
        <Row label="Verified">{user.isVerified ? `Yes, ${when(user.verificationDate)}` : 'No'}</Row>
        <Row label="Plan">{user.subscriptionTier}</Row>
        <Row label="Member since">{when(user.createdAt)}</Row>
        <Row label="Last location">
          <LastPosition position={lastPosition} unavailable={unavailable.includes('lastPosition')} />
        </Row>
        <Row label="Points">{activity ? activity.points : NA}</Row>
        <Row label="Rank">{activity ? activity.rank : NA}</Row>
        <Row label="Scout mode">{yesNo(activity?.scoutMode)}</Row>
        <Row label="Badges">{activity ? activity.badges.join(', ') || NA : NA}</Row>
        <Row label="Search radius">{settings.locationRadius ? `${settings.locationRadius} mi` : NA}</Row>
        <Row label="Alert radius">{settings.notificationRadius ? `${settings.notificationRadius} mi` : NA}</Row>
        <Row label="SMS alerts">{yesNo(settings.enableSmsNotifications)}</Row>
        <Row label="SMS subscribed">{yesNo(settings.smsSubscribed)}</Row>
      </dl>
      <h4 className="mt-3 text-sm font-semibold">Recent activity</h4>
      {unavailable.includes('recentActivity') || recentActivity.length === 0 ? (
        <p className="text-sm text-slate-600">{NA}</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm">
          {recentActivity.map((a) => (
            <li key={a.id}>
              <span className="font-medium">{a.description || a.activityType}</span> <span className="text-slate-600">· {when(a.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
      <h4 className="mt-3 text-sm font-semibold">Recent items</h4>
      {unavailable.includes('recentItems') || recentItems.length === 0 ? (
        <p className="text-sm text-slate-600">{NA}</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm">
          {recentItems.map((i) => (
            <li key={i.id}>
              <span className="font-medium">{i.title}</span>{' '}
              <span className="text-slate-600">
                · {i.status} · {when(i.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AccessLog({ entries, loading, failed }: { entries: EmergencyLogEntry[] | undefined; loading: boolean; failed: string | null }) {
  return (
    <section aria-labelledby="emergency-log" className="rounded-2xl border border-slate-200 p-3">
      <h3 id="emergency-log" className="font-semibold">
        Access log
      </h3>
      {loading ? (
        <p className="mt-1 text-sm text-slate-600">Loading...</p>
      ) : failed ? (
        <p className="mt-1 text-sm text-red-700">{failed}</p>
      ) : !entries || entries.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No emergency access logs</p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100" aria-label="Emergency access log">
          {entries.map((e) => (
            <li key={e.id} data-testid="emergency-log-entry" className="py-2 text-sm">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{when(e.timestamp)}</span>
                <span
                  className={cn(
                    'rounded-full px-2 py-0.5 text-xs font-semibold',
                    e.outcome === 'granted' ? 'bg-emerald-100 text-emerald-900' : 'bg-red-100 text-red-900',
                  )}
                >
                  {e.outcome}
                </span>
              </p>
              <p className="break-all text-slate-700">Target: {e.targetUserId ?? NA}</p>
              <p className="text-slate-700">Reason: {e.reason || NA}</p>
              <p className="text-slate-700">Case number: {e.lawEnforcementCase || NA}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Dashboard({ userId, endsAt, onElevationEnded }: { userId: string; endsAt: number; onElevationEnded: (message?: string) => void }) {
  const access = useEmergencyAccess(userId);
  const logs = useEmergencyLogs(userId, true);
  const [searchType, setSearchType] = useState<'id' | 'phone'>('id');
  const [target, setTarget] = useState('');
  const [reason, setReason] = useState('');
  const [caseNumber, setCaseNumber] = useState('');
  const [result, setResult] = useState<EmergencyAccessResponse | null>(null);
  const ids = { target: useId(), reason: useId(), caseNumber: useId() };

  // The elevation ends 10 minutes after the unlock: the dashboard closes then, and whenever the server says it has.
  useEffect(() => {
    const timer = setTimeout(onElevationEnded, Math.max(0, endsAt - Date.now()));
    return () => clearTimeout(timer);
  }, [endsAt, onElevationEnded]);
  const logsEnded = logs.isError && hasErrorCode(logs.error, EmergencyError.ELEVATION_REQUIRED);
  useEffect(() => {
    if (logsEnded) onElevationEnded();
  }, [logsEnded, onElevationEnded]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!target.trim() || !reason.trim()) {
      toast({ title: 'Missing Information', description: EmergencyMessages.missingInformation, variant: 'destructive' });
      return;
    }
    access.mutate(
      { adminUserId: userId, targetUserId: target.trim(), searchType, reason: reason.trim(), lawEnforcementCase: caseNumber.trim() || undefined },
      {
        // A case number belongs to one lookup: the next one starts without it.
        onSettled: () => setCaseNumber(''),
        onSuccess: (answer) => {
          setResult(answer);
          toast({ title: 'Emergency Access Granted', description: 'User information retrieved for emergency purposes', variant: 'success' });
        },
        onError: (error) => {
          setResult(null);
          if (hasErrorCode(error, EmergencyError.ELEVATION_REQUIRED)) onElevationEnded(errorMessage(error));
          else toast({ title: 'Access Failed', description: errorMessage(error), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <div className="space-y-4 pb-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="inline-flex items-center gap-1 rounded-full bg-red-700 px-2.5 py-1 text-xs font-bold tracking-wide text-white">
          <ShieldAlert className="size-3.5" aria-hidden />
          ADMIN MODE ACTIVE
        </span>
        <p className="text-sm text-slate-700">For safety emergencies only. All access is logged and audited.</p>
      </div>

      <form onSubmit={submit} className="space-y-3 rounded-2xl border border-slate-200 p-3" aria-labelledby="emergency-request">
        <h3 id="emergency-request" className="font-semibold">
          Emergency request
        </h3>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Look up by</legend>
          <div className="mt-1 flex gap-4">
            {(
              [
                ['id', 'User ID'],
                ['phone', 'Phone number'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="searchType"
                  value={value}
                  checked={searchType === value}
                  onChange={() => setSearchType(value)}
                  className="size-4 accent-emerald-700"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <Field id={ids.target} label={searchType === 'id' ? 'Target user ID' : 'Target phone number'}>
          <input
            id={ids.target}
            className={inputClass}
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            inputMode={searchType === 'phone' ? 'tel' : 'text'}
            autoComplete="off"
          />
        </Field>
        <Field id={ids.reason} label="Reason">
          <textarea id={ids.reason} rows={3} className={inputClass} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={2000} />
        </Field>
        <Field id={ids.caseNumber} label="Law enforcement case number (optional)">
          <input
            id={ids.caseNumber}
            className={inputClass}
            value={caseNumber}
            onChange={(e) => setCaseNumber(e.target.value)}
            maxLength={200}
            autoComplete="off"
          />
        </Field>
        <Button type="submit" variant="danger" className="w-full" disabled={access.isPending}>
          {access.isPending && <Loader2 className="size-4 animate-spin" aria-hidden />}
          {access.isPending ? 'Requesting...' : 'Request Emergency Access'}
        </Button>
      </form>

      {result && <UserPanel result={result} />}
      <AccessLog entries={logs.data} loading={logs.isPending} failed={logs.isError ? errorMessage(logs.error) : null} />
    </div>
  );
}

/**
 * The emergency tool (spec §2, docs/security.md): administrators only (asked of the server), then the emergency password,
 * which the server checks before the dashboard opens; the elevation it grants lasts 10 minutes, then the gate is back.
 */
export default function EmergencyDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const status = useAdminStatus(userId);
  // Counted on this device's clock from the unlock, so a skewed clock cannot stretch or cut it; the server decides anyway.
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** `message`: why the server ended it (its lookups used up); without one, its ten minutes ran out. */
  const onElevationEnded = useCallback((message?: string) => {
    setEndsAt(null);
    setNotice(message ?? ELEVATION_ENDED);
  }, []);

  let title: string;
  let body: ReactNode;
  if (status.isPending) {
    title = 'Emergency Access';
    body = (
      <div role="status" className="grid place-items-center py-8 text-emerald-700">
        <Loader2 className="size-6 animate-spin" aria-hidden />
        <span className="sr-only">Checking administrator status</span>
      </div>
    );
  } else if (status.isError) {
    title = 'Emergency Access';
    body = (
      <div className="space-y-3 pb-2 text-center">
        <p className="text-sm text-slate-700">{errorMessage(status.error)}</p>
        <Button variant="secondary" onClick={() => void status.refetch()}>
          Retry
        </Button>
      </div>
    );
  } else if (!status.data.isAdmin) {
    title = 'Access Denied';
    body = (
      <div className="space-y-4 pb-2 text-center">
        <ShieldAlert className="mx-auto size-10 text-red-700" aria-hidden />
        <p className="text-sm text-slate-700">You do not have administrator privileges to access this feature.</p>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    );
  } else if (endsAt === null) {
    title = 'Admin Authentication Required';
    body = (
      <PasswordGate
        userId={userId}
        notice={notice}
        onUnlocked={() => {
          setNotice(null);
          setEndsAt(Date.now() + EMERGENCY_ELEVATION_MINUTES * 60_000);
          toast({ title: 'Emergency Access Dashboard Activated', variant: 'success' });
        }}
        onCancel={onClose}
      />
    );
  } else {
    title = 'Emergency Access Dashboard';
    body = <Dashboard userId={userId} endsAt={endsAt} onElevationEnded={onElevationEnded} />;
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={
        <span className="flex items-center gap-2">
          {endsAt !== null && <ShieldCheck className="size-5 text-red-700" aria-hidden />}
          {title}
        </span>
      }
      className="max-w-2xl"
    >
      {body}
    </Dialog>
  );
}
