import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadedImage } from '@store/contract/admin/media';
import { ApiError } from '../../../api/client';
import { useErrorText } from '../../../lib/error-text';
import { uploadImage } from './api/upload-image';

/**
 * The back office's one image picker: drop a file or choose one, watch it upload, see it.
 * `value` is the image's URL (null: none); `onChange` gets the new upload's widest URL.
 */
export function ImageUpload({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string | null;
  onChange: (url: string | null, image?: UploadedImage) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [over, setOver] = useState(false);

  async function send(file: File | undefined) {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      const image = await uploadImage(file, setProgress);
      onChange(image.url, image);
    } catch (e) {
      const message =
        e instanceof ApiError
          ? (e.fieldErrors.file?.[0] ?? e.detailMessage ?? t('admin.upload.failed'))
          : t('admin.upload.failed');
      setError(errorText(message));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void send(event.dataTransfer.files[0]);
  };

  return (
    <div className="image-upload" data-testid={testId}>
      <span className="image-upload__label" id={`${id}-label`}>
        {label}
      </span>
      <div
        className={over ? 'image-upload__zone image-upload__zone--over' : 'image-upload__zone'}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        {value ? (
          <img
            className="image-upload__preview"
            src={value}
            alt={t('admin.upload.preview', { label })}
          />
        ) : null}
        <p>
          {t('admin.upload.drop')}{' '}
          <label className="image-upload__pick" htmlFor={id}>
            {t('admin.upload.pick')}
          </label>
        </p>
        <input
          ref={input}
          id={id}
          className="visually-hidden"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          aria-labelledby={`${id}-label`}
          onChange={(event) => void send(event.target.files?.[0])}
        />
        <p className="image-upload__hint">{t('admin.upload.hint')}</p>
        {progress !== null ? (
          <progress
            className="image-upload__progress"
            max={1}
            value={progress}
            aria-label={t('admin.upload.uploading', { percent: Math.round(progress * 100) })}
          />
        ) : null}
        {value ? (
          <button type="button" className="button button--link" onClick={() => onChange(null)}>
            {t('admin.upload.remove')}
          </button>
        ) : null}
      </div>
      {error ? (
        <p className="form-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
