/**
 * What a screen shows in place of data it does not have: a spinner while loading, or the failure with the
 * server's message and Retry. Renders nothing when neither applies.
 */
import { Suspense, lazy } from 'react';
import { Flex, Spin } from 'antd';
import type { ApiError } from '@/lib/api/errors';

/** Loaded on the first failure (see ErrorAlert.tsx). */
const ErrorAlert = lazy(() => import('./ErrorAlert'));

interface StatusAlertProps {
  loading: boolean;
  error: ApiError | null;
  onRetry: () => void;
  /** The headline of the failure ("the list could not be loaded"); the server's message is the description. */
  failedText: string;
}

export function StatusAlert({ loading, error, onRetry, failedText }: StatusAlertProps) {
  if (error) {
    return (
      <Suspense fallback={null}>
        <ErrorAlert title={failedText} message={error.message} onRetry={onRetry} />
      </Suspense>
    );
  }
  if (loading) {
    return (
      <Flex justify="center" style={{ padding: 32 }} data-testid="fleet-loading">
        <Spin />
      </Flex>
    );
  }
  return null;
}
