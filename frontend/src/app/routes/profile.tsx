import { Ban, Bell, BellPlus, BookOpen, LifeBuoy, LogOut, RotateCcw } from 'lucide-react';
import { lazy } from 'react';
import type { User } from '@curbside/contracts';
import { MemberImpactCard } from '../../features/impact/components/member-impact-card';
import { ModerationEntry } from '../../features/moderation/components/moderation-entry';
import { ProfilePage, type ProfileSetting } from '../../features/profile/components/profile-page';
import { PerksCard } from '../../features/shop/components/perks-card';

// Every dialog is its own chunk, fetched when it is first opened.
const NotificationSettingsDialog = lazy(() =>
  import('../../features/settings/components/notification-settings-dialog').then((m) => ({ default: m.NotificationSettingsDialog })),
);
const TutorialDialog = lazy(() => import('../../features/tutorial/components/tutorial-dialog').then((m) => ({ default: m.TutorialDialog })));
const SavedSearchesDialog = lazy(() =>
  import('../../features/saved-searches/components/saved-searches-dialog').then((m) => ({ default: m.SavedSearchesDialog })),
);
const BlockedMembersDialog = lazy(() => import('../../features/blocks/components/blocked-members-dialog').then((m) => ({ default: m.BlockedMembersDialog })));
const EmergencyContactDialog = lazy(() =>
  import('../../features/settings/components/emergency-contact-dialog').then((m) => ({ default: m.EmergencyContactDialog })),
);
const OtherDevicesDialog = lazy(() => import('../../features/settings/components/other-devices-dialog').then((m) => ({ default: m.OtherDevicesDialog })));
const StartFreshDialog = lazy(() => import('../../features/settings/components/start-fresh-dialog').then((m) => ({ default: m.StartFreshDialog })));

const SETTINGS: readonly ProfileSetting[] = [
  {
    icon: Bell,
    label: 'Notifications',
    detail: 'Alerts, radius, push, e-mail and SMS',
    dialog: ({ user, close }) => <NotificationSettingsDialog open onClose={close} user={user} />,
  },
  { icon: BookOpen, label: 'App Tutorial', detail: 'A quick tour of Curbside', dialog: ({ close }) => <TutorialDialog open onClose={close} /> },
  {
    icon: BellPlus,
    label: 'Saved searches',
    detail: "Alerts for what you're looking for, and wanted posts",
    dialog: ({ close }) => <SavedSearchesDialog open onClose={close} />,
  },
  { icon: Ban, label: 'Blocked members', detail: 'Whom you blocked, to unblock them', dialog: ({ close }) => <BlockedMembersDialog open onClose={close} /> },
  {
    icon: LifeBuoy,
    label: 'Emergency contact',
    detail: 'Someone to call if you are in danger',
    dialog: ({ user, close }) => <EmergencyContactDialog open onClose={close} userId={user.id} />,
  },
  {
    icon: LogOut,
    label: 'Other devices',
    detail: 'Sign out everywhere but here',
    dialog: ({ close }) => <OtherDevicesDialog open onClose={close} />,
  },
];

const CLOSING_SETTINGS: readonly ProfileSetting[] = [
  {
    icon: RotateCcw,
    label: 'Start Fresh',
    detail: 'Forget this account on this device',
    danger: true,
    dialog: ({ close, reload }) => <StartFreshDialog open onClose={close} reload={reload} />,
  },
];

const cards = (user: User) => (
  <>
    <MemberImpactCard userId={user.id} />
    <PerksCard userId={user.id} />
  </>
);

/** The profile with what the other features add to it: impact and perks cards, the settings their dialogs answer. */
export default function ProfileRoute({ reload }: { reload?: () => void }) {
  return (
    <>
      <ProfilePage reload={reload} cards={cards} settings={SETTINGS} closingSettings={CLOSING_SETTINGS} />
      <div className="mt-3">
        <ModerationEntry />
      </div>
    </>
  );
}
