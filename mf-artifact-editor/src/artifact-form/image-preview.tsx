import { useEffect, useState, type SyntheticEvent } from 'react';
import { ArtifactImage, isHttpUrl } from 'shared-ui';
import { PREVIEW_PICTURE_SIZES } from 'artifact-model/uploaded-image';
import styled from 'styled-components';

export const PREVIEW_EMPTY = 'Enter an http(s) image URL, or upload a photo, to see a preview.';
export const PREVIEW_FAILED =
  'This image could not be loaded. Check the URL: until it works, cards show a placeholder.';
export const PREVIEW_LOADED = 'Preview of the image as it will appear.';

/** Long enough that the preview does not request every half-typed URL. */
const PREVIEW_DELAY_MS = 400;

const Figure = styled.figure`
  margin: 0 0 ${({ theme }) => theme.space.md};
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
`;

const Frame = styled.div`
  position: relative;
  height: clamp(160px, 45vw, 240px);
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px dashed ${({ theme }) => theme.colors.brownLight};
  background: ${({ theme }) => theme.colors.parchment};
  overflow: hidden;
  display: grid;
  place-items: center;
  img {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: contain;
  }
`;

const Placeholder = styled.span`
  padding: ${({ theme }) => theme.space.md};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Caption = styled.figcaption<{ $failed: boolean }>`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme, $failed }) => ($failed ? theme.colors.danger : theme.colors.textMuted)};
`;

type LoadState = 'loading' | 'loaded' | 'failed';

/** A live preview of the Image URL field (beyond the spec), with the kit's fallback when the URL does not load. */
export function ImagePreview({ url, name }: { url: string; name: string }) {
  const typed = url.trim();
  const [settledUrl, setSettledUrl] = useState(typed);
  useEffect(() => {
    const timer = setTimeout(() => setSettledUrl(typed), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const previewUrl = isHttpUrl(settledUrl) ? settledUrl : null;
  // Remembered per URL, so a new URL starts as loading without resetting state in an effect.
  const [loadState, setLoadState] = useState<{ url: string; state: LoadState } | null>(null);
  const state: LoadState = loadState && loadState.url === previewUrl ? loadState.state : 'loading';

  const onLoad = (event: SyntheticEvent<HTMLImageElement>) => {
    if (previewUrl)
      setLoadState({ url: previewUrl, state: event.currentTarget.dataset.fallback ? 'failed' : 'loaded' });
  };

  return (
    <Figure data-testid="image-preview">
      <Frame>
        {previewUrl ? (
          <ArtifactImage
            key={previewUrl}
            src={previewUrl}
            sizes={PREVIEW_PICTURE_SIZES}
            alt={name.trim() ? `Preview of ${name.trim()}` : 'Preview of the artifact image'}
            onLoad={onLoad}
          />
        ) : (
          <Placeholder>{PREVIEW_EMPTY}</Placeholder>
        )}
      </Frame>
      {/* Always present, so screen readers hear when a URL fails to load. */}
      <Caption $failed={state === 'failed'} aria-live="polite">
        {previewUrl && state !== 'loading' ? (state === 'failed' ? PREVIEW_FAILED : PREVIEW_LOADED) : null}
      </Caption>
    </Figure>
  );
}
