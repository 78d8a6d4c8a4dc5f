import { ModerationEntry } from '../../features/moderation/components/moderation-entry';
import { ProfilePage } from '../../features/profile/components/profile-page';

export default function ProfileRoute() {
  return (
    <>
      <ProfilePage />
      <div className="mt-3">
        <ModerationEntry />
      </div>
    </>
  );
}
