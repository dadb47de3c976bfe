import { useState, type ImgHTMLAttributes } from 'react';
import { FALLBACK_ARTIFACT_IMAGE } from '../assets/images';

/** An image that shows the kit's fallback instead of a broken-image icon when its URL fails. */
export function ArtifactImage({ src, alt, ...rest }: ImgHTMLAttributes<HTMLImageElement> & { alt: string }) {
  const [failedSrc, setFailedSrc] = useState<string | undefined>();
  const broken = !src || failedSrc === src;
  return (
    <img
      {...rest}
      alt={alt}
      src={broken ? FALLBACK_ARTIFACT_IMAGE : src}
      onError={() => setFailedSrc(src)}
      data-fallback={broken ? 'true' : undefined}
    />
  );
}
