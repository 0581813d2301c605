// How My Videos names the EyeMails that use a video, and what deleting it would do. Pure.
export function usedByLabel(count: number): string {
  if (count <= 0) return 'Not used in an EyeMail yet';
  return count === 1 ? 'Used by 1 EyeMail' : `Used by ${count} EyeMails`;
}

// The delete dialog's words: a used video cannot go (the server refuses it with 409), so the
// dialog says so before anyone presses Delete, naming the EyeMails.
export function deleteQuestion(titles: readonly string[]): { message: string; canDelete: boolean } {
  if (!titles.length) return { message: 'Do you really want to delete this video?', canDelete: true };
  const names = titles.length <= 3 ? titles.map((t) => `“${t}”`).join(', ') : `${titles.slice(0, 3).map((t) => `“${t}”`).join(', ')} and ${titles.length - 3} more`;
  const which = titles.length === 1 ? 'an EyeMail' : `${titles.length} EyeMails`;
  return {
    message: `This video is used by ${which} (${names}) and cannot be deleted. Choose another video for ${titles.length === 1 ? 'it' : 'them'} or delete ${titles.length === 1 ? 'it' : 'them'} first.`,
    canDelete: false,
  };
}
