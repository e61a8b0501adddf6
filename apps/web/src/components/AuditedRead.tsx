'use client';
import { REASON_REQUIRED_CODE } from '@stagepass/shared';
import { errorText, type ApiFailure } from '@/lib/api';
import { ErrorState } from '@/components/states';

/**
 * The console's audited reads (routes marked operatorRead: the reason dialog asks, each answer is an
 * audit row): fetched once — no revalidation on focus, reconnect or staleness, since every fetch
 * would be another row in the audit log.
 */
export const READ_ONCE = { revalidateOnFocus: false, revalidateOnReconnect: false, revalidateIfStale: false } as const;

/**
 * What an audited read that failed shows, in one wording: not found (404, or a 400 other than the
 * missing reason, or `invalid` when the link itself is wrong), not opened (the operator gave no
 * reason), or the error with a retry.
 */
export function AuditedReadFailure({
  error,
  thing,
  notFoundMessage,
  reasonMessage = 'Opening it needs a reason: it is kept in the audit log.',
  invalid = false,
  onRetry,
}: {
  error: unknown;
  /** "dispute", "item", "conversation"… */
  thing: string;
  notFoundMessage: string;
  reasonMessage?: string;
  invalid?: boolean;
  onRetry: () => void;
}) {
  const failure = error as ApiFailure | undefined;
  const noReason = failure?.code === REASON_REQUIRED_CODE;
  const notFound = invalid || failure?.statusCode === 404 || (failure?.statusCode === 400 && !noReason);
  return (
    <ErrorState
      title={notFound ? `No such ${thing}` : noReason ? 'Not opened' : `This ${thing} didn't load`}
      message={notFound ? notFoundMessage : noReason ? reasonMessage : errorText(error)}
      onRetry={notFound ? undefined : onRetry}
    />
  );
}
