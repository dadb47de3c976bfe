/**
 * Upload a photo instead of typing an Image URL: docs/forms.md, "The photo field of Add and Update Artifact". The
 * server decides what is stored (api/src/images): the checks here only spare a member a long upload it would refuse.
 */
import { useEffect, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import {
  ACCEPTED_PHOTO_FORMATS,
  ACCEPTED_PHOTO_TYPES,
  Button,
  errorMessage,
  IMAGE_UPLOAD_MAX_BYTES,
  media,
} from 'shared-ui';
import { uploadPhoto } from '../data/photo-upload-api';
import styled from 'styled-components';

export const CHOOSE_PHOTO = 'Choose a photo';
export const TAKE_PHOTO = 'Take a photo';
export const RETRY_UPLOAD = 'Retry upload';
const MAX_MB = IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024;
export const DROP_HINT = `or drop one here: a ${ACCEPTED_PHOTO_FORMATS} photo of up to ${MAX_MB} MB.`;
export const PHOTO_UPLOADED = "Photo uploaded: it is now the artifact's image.";
export const NOT_ACCEPTED = `This file cannot be used: choose a ${ACCEPTED_PHOTO_FORMATS} photo.`;
/** The chooser's `accept`: only the formats the server reads (a HEIC photo is refused there). */
const ACCEPT = ACCEPTED_PHOTO_TYPES.join(',');
export const UPLOAD_FAILED = 'The upload failed';

export const uploadingText = (name: string, percent: number) => `Uploading ${name}: ${percent}%`;
export const tooLargeText = (bytes: number) =>
  `This photo is ${(bytes / 1024 / 1024).toFixed(1)} MB: photos may take at most ${MAX_MB} MB.`;

type Upload =
  | { state: 'idle' }
  | { state: 'uploading'; file: File; preview: string; percent: number }
  | { state: 'uploaded' }
  | { state: 'refused'; message: string }
  | { state: 'failed'; file: File; message: string };

const Zone = styled.div<{ $dragging: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0 0 ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border: 2px dashed ${({ theme, $dragging }) => ($dragging ? theme.colors.focus : theme.colors.brownLight)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $dragging }) => ($dragging ? theme.colors.parchmentDark : theme.colors.parchment)};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** The camera button only where a camera is at hand: on touch screens (elsewhere `capture` opens a file chooser). */
const CameraButton = styled(Button)`
  @media not (pointer: coarse) {
    display: none;
  }
`;

const Progress = styled.div`
  display: grid;
  grid-template-columns: 64px minmax(0, 1fr);
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  img {
    width: 64px;
    height: 64px;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.sm};
  }
  progress {
    width: 100%;
    accent-color: ${({ theme }) => theme.colors.brown};
  }
  ${media.sm} {
    grid-template-columns: 96px minmax(0, 1fr);
    img {
      width: 96px;
      height: 96px;
    }
  }
`;

const Status = styled.p<{ $error: boolean }>`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ $error }) => ($error ? 700 : 400)};
  color: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.success)};
  overflow-wrap: anywhere;
`;

export function PhotoUpload({ onUploaded }: { onUploaded: (url: string) => void }) {
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  const [dragging, setDragging] = useState(false);
  const chooser = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const running = useRef<AbortController | null>(null);

  // Leaving the page cancels an upload in flight.
  useEffect(() => () => running.current?.abort(), []);
  const preview = upload.state === 'uploading' ? upload.preview : null;
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  const start = async (file: File) => {
    // A type the browser does not know (empty) goes to the server, which reads the content.
    if (file.type !== '' && !(ACCEPTED_PHOTO_TYPES as readonly string[]).includes(file.type)) {
      setUpload({ state: 'refused', message: NOT_ACCEPTED });
      return;
    }
    if (file.size > IMAGE_UPLOAD_MAX_BYTES) {
      setUpload({ state: 'refused', message: tooLargeText(file.size) });
      return;
    }
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setUpload({ state: 'uploading', file, preview: URL.createObjectURL(file), percent: 0 });
    try {
      const photo = await uploadPhoto(file, {
        signal: controller.signal,
        onProgress: (sent) =>
          setUpload((current) =>
            current.state === 'uploading' ? { ...current, percent: Math.round(sent * 100) } : current,
          ),
      });
      onUploaded(photo.url);
      setUpload({ state: 'uploaded' });
    } catch (error) {
      if (controller.signal.aborted) return;
      const reason = errorMessage(error, 'check your connection and try again');
      setUpload({ state: 'failed', file, message: `${UPLOAD_FAILED}: ${reason}` });
    }
  };

  const onPicked = ({ currentTarget: input }: ChangeEvent<HTMLInputElement>) => {
    const file = input.files?.[0];
    input.value = '';
    if (file) void start(file);
  };
  const fileInput = { type: 'file', accept: ACCEPT, hidden: true, onChange: onPicked };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void start(file);
  };

  const busy = upload.state === 'uploading';
  return (
    <Zone
      $dragging={dragging}
      data-testid="photo-upload"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <Actions>
        <Button $variant="secondary" disabled={busy} onClick={() => chooser.current?.click()}>
          {CHOOSE_PHOTO}
        </Button>
        <CameraButton $variant="ghost" disabled={busy} onClick={() => camera.current?.click()}>
          {TAKE_PHOTO}
        </CameraButton>
        <span>{DROP_HINT}</span>
      </Actions>
      <input ref={chooser} {...fileInput} />
      <input ref={camera} {...fileInput} capture="environment" />
      {upload.state === 'uploading' ? (
        <Progress>
          <img src={upload.preview} alt={`The photo being uploaded, ${upload.file.name}`} />
          <div>
            <progress max={100} value={upload.percent} aria-label={`Uploading ${upload.file.name}`} />
            <Status $error={false}>{uploadingText(upload.file.name, upload.percent)}</Status>
          </div>
        </Progress>
      ) : null}
      {/* Always present, so screen readers hear how the upload ended. */}
      <div aria-live="polite">
        {upload.state === 'uploaded' ? <Status $error={false}>{PHOTO_UPLOADED}</Status> : null}
        {upload.state === 'refused' || upload.state === 'failed' ? (
          <Status $error role="alert">
            {upload.message}
          </Status>
        ) : null}
      </div>
      {upload.state === 'failed' ? (
        <div>
          <Button $variant="ghost" onClick={() => void start(upload.file)}>
            {RETRY_UPLOAD}
          </Button>
        </div>
      ) : null}
    </Zone>
  );
}
