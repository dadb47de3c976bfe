import type { ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import type { Artifact } from 'artifact-model';
import { CARD_PICTURE_SIZES } from 'artifact-model/uploaded-image';
import { ArtifactImage } from './artifact-image';
import { Card } from './layout';

// The cards rise from half opacity, not from none: their content is on screen (and counts as painted) from the first
// frame, and the last of twelve is not hidden for the 2.7 s the stagger takes (bench/results/web-readings.md, issue #29).
const rise = keyframes`from { opacity: 0.5; transform: translateY(12px); } to { opacity: 1; transform: none; }`;
const RISE_MS = 500;
/** Spec section 9: each card enters 0.2 s after the one before it. */
const STAGGER_MS = 200;

// Every card is as tall as its grid row, with its actions on the bottom line, so a row's buttons line up.
const Item = styled.li<{ $delay: number }>`
  display: flex;
  animation: ${rise} ${RISE_MS}ms ease both;
  animation-delay: ${({ $delay }) => $delay}ms;
  > article {
    flex: 1;
    display: flex;
    flex-direction: column;
  }
`;

const CardBody = styled.div`
  flex: 1;
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.lg};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  margin: 0;
  overflow-wrap: anywhere;
`;

const Meta = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;

const Description = styled.p<{ $lines: number }>`
  margin: 0;
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: ${({ $lines }) => $lines};
  overflow: hidden;
  overflow-wrap: anywhere;
`;

const Picture = styled(ArtifactImage)`
  width: 100%;
  aspect-ratio: 4 / 3;
  object-fit: cover;
  background: ${({ theme }) => theme.colors.parchmentDark};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: auto;
  padding-top: ${({ theme }) => theme.space.sm};
`;

export type ArtifactCardData = Pick<Artifact, '_id' | 'name' | 'image' | 'description'> &
  Partial<Pick<Artifact, 'presentLocation' | 'createdAt' | 'type' | 'likeCount'>>;

/**
 * The artifact card every list shows: a grid item with image, name, details and the page's own actions.
 * `index` staggers the entrance animation by 0.2 s per item (spec section 9). The name is a heading
 * one level below the list's own: h2 under a page's h1 (All Artifacts, My Artifacts, Liked Artifacts), h3 under a
 * section's h2 (Home's Featured Artifacts), so headings never skip a level (axe's heading-order).
 */
export function ArtifactCard({
  artifact,
  index = 0,
  descriptionLines = 3,
  headingLevel = 2,
  priority = false,
  details,
  actions,
}: {
  artifact: ArtifactCardData;
  index?: number;
  descriptionLines?: 2 | 3;
  /** The level of the card's name: 2 for a list under the page's h1, 3 for one under a section's h2. */
  headingLevel?: 2 | 3;
  /**
   * The card is in the first row the page shows (`index < GRID_MAX_COLUMNS` of a page's list): its picture is likely
   * the page's largest paint, so it is fetched at once and first, not lazily once laid out (a lazy picture waits for
   * the page's code on a slow phone).
   */
  priority?: boolean;
  /** Lines under the name, such as location and era; each is a string or node. */
  details?: ReactNode[];
  actions?: ReactNode;
}) {
  return (
    <Item $delay={index * STAGGER_MS} data-testid="artifact-card">
      <Card>
        <Picture
          src={artifact.image}
          alt={artifact.name}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          sizes={CARD_PICTURE_SIZES}
          width={400}
          height={300}
        />
        <CardBody>
          <Title as={`h${headingLevel}`}>{artifact.name}</Title>
          {details?.map((detail, i) => (
            <Meta key={i}>{detail}</Meta>
          ))}
          <Description $lines={descriptionLines}>{artifact.description}</Description>
          {actions ? <Actions>{actions}</Actions> : null}
        </CardBody>
      </Card>
    </Item>
  );
}
