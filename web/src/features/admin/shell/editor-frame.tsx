import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api';
import { FormAlert } from '../../../components/form-fields';
import { Loading } from '../../../components/loading';
import { PageMessage } from '../../../components/page-message';
import { AdminLoadError } from './admin-load-error';

/**
 * An editor's record as its query stands: loading, not found or failed (a page of its own), else
 * `children(record)`. The error page leads back to the list (`back`), or asks again when the
 * editor has no list to go back to.
 */
export function EditorLoad<T>({
  query,
  notFound,
  back,
  children,
}: {
  query: UseQueryResult<T>;
  /** The words for a record that is not there (404); without them, the shared failure words. */
  notFound?: string;
  back?: { to: string; label: string };
  children: (record: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <Loading />;
  if (query.isError) {
    const title =
      notFound && query.error instanceof ApiError && query.error.status === 404
        ? notFound
        : t('admin.fetchError');
    if (!back) return <AdminLoadError title={title} onRetry={() => query.refetch()} />;
    return (
      <PageMessage title={title}>
        <Link className="button" to={back.to}>
          {back.label}
        </Link>
      </PageMessage>
    );
  }
  return <>{children(query.data)}</>;
}

/**
 * The foot of an editor's form: what went wrong (`messages`, codes or words), what went through
 * (`saved`, or a `status` line of the editor's own), then its buttons, the save first. With
 * `className` the buttons stand in that row; `wrap` puts the messages in the row too.
 */
export function SaveBar({
  messages,
  saved,
  status,
  className,
  wrap = false,
  children,
}: {
  messages: readonly string[];
  saved?: string | false;
  status?: ReactNode;
  className?: string;
  wrap?: boolean;
  children: ReactNode;
}) {
  const feedback = (
    <>
      <FormAlert messages={messages} />
      {saved ? <FormAlert tone="info" messages={[saved]} /> : null}
      {status}
    </>
  );
  if (!className)
    return (
      <>
        {feedback}
        {children}
      </>
    );
  return wrap ? (
    <div className={className}>
      {feedback}
      {children}
    </div>
  ) : (
    <>
      {feedback}
      <div className={className}>{children}</div>
    </>
  );
}

/**
 * The form's submit button: says it is saving while the save is under way (`savingLabel`), and
 * waits too while another of the record's writes (`disabled`) is.
 */
export function SaveButton({
  pending,
  disabled = false,
  label,
  savingLabel,
  testId,
}: {
  pending: boolean;
  disabled?: boolean;
  label: string;
  savingLabel?: string;
  testId?: string;
}) {
  return (
    <button
      type="submit"
      className="button button--primary"
      disabled={pending || disabled}
      data-testid={testId}
    >
      {pending && savingLabel ? savingLabel : label}
    </button>
  );
}
