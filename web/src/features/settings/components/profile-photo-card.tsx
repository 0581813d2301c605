import { IconPhoto } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { userAtom } from '@/lib/session/user-atom';
import { ProfilePictureBlock } from '@/components/profile-picture/profile-picture-block';
import { SectionCard } from '@/components/section-card';

// The profile-photo section of Settings: upload, preview, Save or Cancel (spec 02 section 4).
export function ProfilePhotoCard() {
  const user = useAtomValue(userAtom);
  return (
    <SectionCard id="profile-photo" icon={IconPhoto} title="Profile photo" intro="Your photo appears in the menu and on your profile.">
      <ProfilePictureBlock name={user?.fullName ?? ''} currentUrl={user?.profilePictureUrl ?? null} />
    </SectionCard>
  );
}
