import { useRef, useState } from 'react';
import {
  Button,
  ButtonLink,
  Card,
  DetailsList,
  media,
  PageContainer,
  PageHeader,
  Spinner,
  useAuthStore,
  type AuthUser,
} from 'shared-ui';
import styled from 'styled-components';
import { SignedOutNotice } from '../../common/signed-out-notice';
import { DangerZone } from './danger-zone';
import { EmailVerification } from './email-verification';
import { formatJoinDate } from './format-join-date';
import { ProfileEditForm } from './profile-edit-form';
import { ProfilePhoto } from './profile-photo';
import { ProfileStats } from './profile-stats';
import {
  ACCOUNT_DETAILS,
  ACCOUNT_STATUS_LABEL,
  ACTIVE_MEMBER,
  ACTIVITY_HEADING,
  EDIT_PROFILE,
  EMAIL_LABEL,
  JOINED_LABEL,
  MEMBER_FALLBACK_NAME,
  NOT_AVAILABLE,
  PROFILE_HEADING,
  PROFILE_SIGNED_OUT,
  PROFILE_SUBTITLE,
  QUICK_LINKS,
  QUICK_LINKS_HEADING,
  YOUR_DATA_HEADING,
} from './profile-texts';
import { useProfileStats } from './use-profile-stats';
import { YourDataPanel } from './your-data-panel';

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;
  ${media.lg} {
    grid-template-columns: 360px minmax(0, 1fr);
  }
`;

const Panel = styled(Card).attrs({ as: 'section' })`
  padding: ${({ theme }) => theme.space.lg};
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const IdentityPanel = styled(Panel)`
  padding-top: 0;
`;

/** A dark band behind the photo, bleeding to the panel's edges. */
const Banner = styled.div`
  height: 96px;
  margin: 0 -${({ theme }) => theme.space.lg};
  background: linear-gradient(
    135deg,
    ${({ theme }) => theme.colors.brownDark},
    ${({ theme }) => theme.colors.brownMid}
  );
  border-bottom: 3px solid ${({ theme }) => theme.colors.gold};
`;

const Identity = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  margin-top: -64px;
  h2 {
    margin: ${({ theme }) => theme.space.md} 0 ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.fontSizes.xxl};
    overflow-wrap: anywhere;
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
    overflow-wrap: anywhere;
    margin: 0;
  }
  > button {
    margin-top: ${({ theme }) => theme.space.lg};
  }
`;

const EditFormArea = styled.div`
  padding-top: ${({ theme }) => theme.space.lg};
`;

const Column = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;
`;

const Details = styled(DetailsList)`
  display: grid;
  > div {
    display: grid;
    gap: ${({ theme }) => theme.space.xs};
    padding: ${({ theme }) => theme.space.md} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.parchmentDark};
    ${media.sm} {
      grid-template-columns: 160px minmax(0, 1fr);
      align-items: center;
    }
  }
  > div:last-child {
    border-bottom: 0;
    padding-bottom: 0;
  }
`;

const Status = styled.dd`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const LinkList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  ${media.sm} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  a {
    width: 100%;
  }
`;

function displayNameOf(user: AuthUser): string {
  return user.displayName || user.email || MEMBER_FALLBACK_NAME;
}

function ProfileView({ user }: { user: AuthUser }) {
  const [editing, setEditing] = useState(false);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const stats = useProfileStats(user.uid);
  // Started from the stored token, the page knows the join date only once Firebase has answered.
  const confirming = useAuthStore((s) => s.loading);
  const name = displayNameOf(user);

  const leaveEditMode = () => {
    setEditing(false);
    // Back in view mode, keyboard users continue from the button that opened the form.
    requestAnimationFrame(() => editButtonRef.current?.focus());
  };

  return (
    <>
      <Layout>
        <IdentityPanel aria-label="Profile summary">
          {editing ? (
            <EditFormArea>
              <ProfileEditForm user={user} onDone={leaveEditMode} />
            </EditFormArea>
          ) : (
            <>
              <Banner />
              <Identity>
                <ProfilePhoto src={user.photoURL} alt={`Profile photo of ${name}`} size={128} />
                <h2 data-testid="profile-name">{name}</h2>
                {/* Without a display name the e-mail is already the heading. */}
                {user.displayName && user.email ? <p>{user.email}</p> : null}
                <Button ref={editButtonRef} $block onClick={() => setEditing(true)}>
                  {EDIT_PROFILE}
                </Button>
              </Identity>
            </>
          )}
        </IdentityPanel>

        <Column>
          <Panel aria-labelledby="account-details-heading">
            <h2 id="account-details-heading">{ACCOUNT_DETAILS}</h2>
            <Details>
              <div>
                <dt>{EMAIL_LABEL}</dt>
                <dd data-testid="profile-email">{user.email ?? NOT_AVAILABLE}</dd>
              </div>
              <div>
                <dt>{JOINED_LABEL}</dt>
                <dd data-testid="profile-joined">
                  {user.createdAt ? (
                    <time dateTime={user.createdAt}>{formatJoinDate(user.createdAt)}</time>
                  ) : confirming ? null : (
                    NOT_AVAILABLE
                  )}
                </dd>
              </div>
              <div>
                <dt>{ACCOUNT_STATUS_LABEL}</dt>
                <Status>
                  {ACTIVE_MEMBER}
                  <EmailVerification user={user} />
                </Status>
              </div>
            </Details>
          </Panel>

          <Panel aria-labelledby="activity-heading">
            <h2 id="activity-heading">{ACTIVITY_HEADING}</h2>
            <ProfileStats state={stats.state} onRetry={stats.retry} />
          </Panel>

          <Panel aria-labelledby="quick-links-heading">
            <h2 id="quick-links-heading">{QUICK_LINKS_HEADING}</h2>
            <LinkList>
              {QUICK_LINKS.map((link) => (
                <li key={link.to}>
                  <ButtonLink to={link.to} $variant="ghost">
                    {link.label}
                  </ButtonLink>
                </li>
              ))}
            </LinkList>
          </Panel>

          <Panel aria-labelledby="your-data-heading">
            <h2 id="your-data-heading">{YOUR_DATA_HEADING}</h2>
            <YourDataPanel />
          </Panel>
        </Column>
      </Layout>
      <DangerZone />
    </>
  );
}

export default function ProfilePage() {
  const user = useAuthStore((s) => s.user);
  const authLoading = useAuthStore((s) => s.loading);
  return (
    <PageContainer>
      <PageHeader title={PROFILE_HEADING} subtitle={PROFILE_SUBTITLE} />
      {user ? (
        <ProfileView key={user.uid} user={user} />
      ) : authLoading ? (
        <Spinner label="Loading your profile..." />
      ) : (
        <SignedOutNotice message={PROFILE_SIGNED_OUT} />
      )}
    </PageContainer>
  );
}
