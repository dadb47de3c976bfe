import { useState } from 'react';
import { DEFAULT_AVATAR, isHttpUrl } from 'shared-ui';
import styled from 'styled-components';

const Photo = styled.img<{ $size: number }>`
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  object-fit: cover;
  border: 4px solid ${({ theme }) => theme.colors.gold};
  background: ${({ theme }) => theme.colors.brown};
  box-shadow: ${({ theme }) => theme.shadows.raised};
`;

/**
 * The member's photo, or the default avatar when there is none, it is no http(s) URL (a `javascript:` or `data:`
 * photoURL is never put into src) or it fails to load (a dead link shows no icon).
 */
export function ProfilePhoto({
  src,
  alt,
  size,
}: {
  src: string | null | undefined;
  alt: string;
  size: number;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && isHttpUrl(src) && src !== failedSrc ? src : null;
  return (
    <Photo
      $size={size}
      src={usable ?? DEFAULT_AVATAR}
      alt={alt}
      width={size}
      height={size}
      referrerPolicy="no-referrer"
      data-default-avatar={usable ? undefined : 'true'}
      onError={() => setFailedSrc(src ?? null)}
    />
  );
}
