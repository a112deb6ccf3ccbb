/** Pages an incomplete profile may still open: the deletion request and a staff invitation. */
const OPEN_WHILE_INCOMPLETE = [/^\/delete\/?$/, /^\/staff\/invitation\//];

/**
 * The spec: a member with incomplete data who has not chosen to skip goes to /complete-info on
 * every load, not only right after signing in. A limited session (document number alone) cannot
 * change the profile, so it is never sent there.
 */
export function mustCompleteProfile(
  user:
    | { profile_complete: boolean; limited_session: boolean; complete_info_skipped?: boolean }
    | undefined,
  skipped: boolean,
  pathname: string,
): boolean {
  // The skip is remembered on the account (survives logout); the stored flag covers this tab.
  if (!user || user.profile_complete || user.limited_session || user.complete_info_skipped)
    return false;
  if (skipped) return false;
  return !OPEN_WHILE_INCOMPLETE.some((path) => path.test(pathname));
}
