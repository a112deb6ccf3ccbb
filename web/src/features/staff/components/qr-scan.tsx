import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Scanner = { start(): Promise<void>; stop(): void; destroy(): void };

/** Whether this browser can open a camera at all (a secure page with getUserMedia). */
export function canUseCamera(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    !!navigator.mediaDevices?.getUserMedia &&
    window.isSecureContext
  );
}

/**
 * Camera preview that reads one QR code and hands it over. The scanner library (which uses
 * the browser's BarcodeDetector where there is one) loads only when the camera is opened.
 */
export function QrScan({
  onCode,
  onClose,
}: {
  onCode: (code: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const done = useRef(onCode);
  done.current = onCode;

  useEffect(() => {
    let scanner: Scanner | null = null;
    let cancelled = false;
    void (async () => {
      try {
        const { default: QrScanner } = await import('qr-scanner');
        if (cancelled || !video.current) return;
        const instance = new QrScanner(
          video.current,
          (result) => {
            instance.stop();
            done.current(result.data);
          },
          {
            returnDetailedScanResult: true,
            highlightScanRegion: true,
            preferredCamera: 'environment',
          },
        );
        scanner = instance;
        await instance.start();
      } catch {
        if (!cancelled) setError(t('staff.cameraError'));
      }
    })();
    return () => {
      cancelled = true;
      scanner?.destroy();
    };
  }, [t]);

  return (
    <div className="staff-qr">
      {error ? (
        <p className="form-alert form-alert--error" role="alert">
          {error}
        </p>
      ) : (
        <video
          ref={video}
          className="staff-qr__video"
          muted
          playsInline
          aria-label={t('staff.cameraPreview')}
        />
      )}
      <button type="button" className="button button--ghost" onClick={onClose}>
        {t('staff.closeCamera')}
      </button>
    </div>
  );
}
