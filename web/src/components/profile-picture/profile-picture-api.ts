// The account's profile picture: made from an uploaded file, or removed. Used by the profile
// picture block of Settings and Profile.
import { api, type ApiResult } from '@/lib/api-client';

export function setProfilePicture(fileId: string): Promise<ApiResult<{ profilePictureUrl: string | null }>> {
  return api.put<{ profilePictureUrl: string | null }>('users/profile-picture', { query: { profilePicture: fileId } });
}

export function removeProfilePicture(): Promise<ApiResult<null>> {
  return api.delete<null>('users/profile-picture');
}
