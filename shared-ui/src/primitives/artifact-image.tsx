import { useState, type ImgHTMLAttributes } from 'react';
import { FALLBACK_ARTIFACT_IMAGE } from '../assets/images';
import { uploadedImageSrcSet } from 'artifact-model/uploaded-image';

/**
 * An artifact's picture: every stored width of an uploaded photo in `srcset`, so the browser downloads the one that
 * fits (`sizes` says how wide the picture is laid out), and the kit's fallback instead of a broken-image icon when the
 * URL fails. A server-rendered picture may have failed before the page hydrated, its error event fired with no
 * handler yet: an image attached complete with no picture is asked to decode, which only a failed load refuses (an
 * SVG with no intrinsic size also has naturalWidth 0, and decodes).
 */
export function ArtifactImage({ src, alt, ...rest }: ImgHTMLAttributes<HTMLImageElement> & { alt: string }) {
  const [failedSrc, setFailedSrc] = useState<string | undefined>();
  const broken = !src || failedSrc === src;
  return (
    <img
      {...rest}
      alt={alt}
      src={broken ? FALLBACK_ARTIFACT_IMAGE : src}
      srcSet={broken ? undefined : uploadedImageSrcSet(src)}
      ref={(image) => {
        if (image && !broken && image.currentSrc && image.complete && image.naturalWidth === 0)
          image.decode().catch(() => setFailedSrc(src));
      }}
      onError={() => setFailedSrc(src)}
      data-fallback={broken ? 'true' : undefined}
    />
  );
}
