// The Profile page's texts (spec sections 2, 3 and 8).
import { DISPLAY_NAME_MAX_LENGTH } from 'shared-ui';

export const PROFILE_HEADING = 'My Profile';
export const PROFILE_SUBTITLE = 'Your account and your part in the collection';
export const PROFILE_SIGNED_OUT = 'Please login to access your profile';

export const ACCOUNT_DETAILS = 'Account Details';
export const EMAIL_LABEL = 'Email';
export const JOINED_LABEL = 'Joined';
export const ACCOUNT_STATUS_LABEL = 'Account Status';
export const ACTIVE_MEMBER = 'Active Member';
export const VERIFIED = 'Verified';
export const NOT_VERIFIED = 'Not verified';
export const SEND_VERIFICATION = 'Send verification e-mail';
export const SENDING_VERIFICATION = 'Sending...';
export const verificationSent = (email: string) => `Verification e-mail sent to ${email}. Check your inbox.`;
export const VERIFICATION_FAILED = 'Could not send the verification e-mail. Please try again.';
export const NOT_AVAILABLE = 'N/A';

export const ACTIVITY_HEADING = 'Your Activity';
export const ARTIFACTS_LIKED = 'Artifacts Liked';
export const ARTIFACTS_ADDED = 'Artifacts Added';
export const STATS_FAILED = 'Failed to load user statistics';

export const QUICK_LINKS_HEADING = 'Quick Links';
export const QUICK_LINKS = [
  { to: '/my-artifacts', label: 'My Artifacts' },
  { to: '/liked-artifacts', label: 'Liked Artifacts' },
  { to: '/add-artifact', label: 'Add Artifact' },
] as const;

export const EDIT_PROFILE = 'Edit Profile';
export const DISPLAY_NAME_LABEL = 'Display Name';
export const PHOTO_URL_LABEL = 'Photo URL';
export const PHOTO_URL_HINT = 'Leave empty to use the default avatar';
export const CANCEL = 'Cancel';
export const SAVE_CHANGES = 'Save Changes';
export const SAVING = 'Saving...';
export const DISPLAY_NAME_REQUIRED = 'Display name is required';
export const DISPLAY_NAME_TOO_LONG = `Display name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`;
export const PHOTO_URL_INVALID = 'Photo URL must be a valid http(s) URL';
export const PROFILE_UPDATED = 'Profile updated successfully!';
export const PROFILE_UPDATE_FAILED = 'Failed to update profile';

export const MEMBER_FALLBACK_NAME = 'Member';

// Beyond the spec (issues #47 and #55): the member's copy of their data, and, apart, closing the account.
export const YOUR_DATA_HEADING = 'Your Data';
export const YOUR_DATA_INTRO =
  'Take a copy of everything Heritage Vault holds about you: JSON for programs, CSV for a spreadsheet.';
export const DOWNLOAD_JSON = 'Download my data (JSON)';
export const DOWNLOAD_CSV = 'Download my data (CSV)';
export const DOWNLOADING_DATA = 'Preparing your data...';
export const DOWNLOAD_FAILED = 'Could not download your data. Please try again.';
/** The CSV's column of which list a row belongs to. */
export const ADDED_LIST = 'Added';
export const LIKED_LIST = 'Liked';

export const DANGER_ZONE_HEADING = 'Danger zone';
export const DANGER_ZONE_TEXT =
  'Closing your account deletes the artifacts you added and their photos, takes back your likes, and deletes ' +
  'your account. It cannot be undone.';
export const CLOSE_ACCOUNT = 'Close my account';
export const CLOSE_ACCOUNT_TITLE = 'Close your account?';
export const CLOSE_ACCOUNT_TEXT =
  'This deletes the artifacts you added and their photos, takes back your likes, and deletes your account. ' +
  'It cannot be undone. Download a copy of your data first if you want to keep it.';
export const DOWNLOAD_FIRST = 'Download my data first';
export const DOWNLOADED_FIRST = 'Your data was downloaded (JSON and CSV).';
export const PASSWORD_LABEL = 'Enter your password to confirm';
export const PASSWORD_MISSING = 'Enter your password to close your account.';
export const PASSWORD_WRONG = 'Incorrect password. Please try again.';
export const CONFIRM_WITH_GOOGLE = 'Confirm with Google and close';
export const NOT_CONFIRMED =
  'It could not be confirmed that it is you. Nothing was deleted: please try again.';
export const CLOSE_ACCOUNT_FAILED =
  'Your account could not be closed. Nothing was deleted: please try again.';
export const ACCOUNT_CLOSED = 'Your account has been closed.';
