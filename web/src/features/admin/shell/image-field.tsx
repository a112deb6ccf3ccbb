import { FormAlert } from '../../../components/form-fields';
import { useErrorText } from '../../../lib/error-text';
import { ImageUpload } from '../media/image-upload';

/**
 * A record's picture: the upload and the error the server gave the `image` field, said under
 * it as a field's error (`errorAs="line"`) or in an alert box (`"alert"`), as the editor had it.
 */
export function ImageField({
  label,
  value,
  onChange,
  error,
  errorAs,
  testId,
}: {
  label: string;
  value: string | null;
  onChange: (url: string | null) => void;
  error?: string;
  errorAs: 'line' | 'alert';
  testId?: string;
}) {
  const errorText = useErrorText();
  return (
    <>
      <ImageUpload label={label} value={value} onChange={onChange} testId={testId} />
      {!error ? null : errorAs === 'alert' ? (
        <FormAlert messages={[error]} />
      ) : (
        <p className="form-field__error" role="alert">
          {errorText(error)}
        </p>
      )}
    </>
  );
}
