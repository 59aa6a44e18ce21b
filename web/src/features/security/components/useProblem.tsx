import { useState, type ReactNode } from 'react';
import { Alert } from 'antd';
import type { ApiError } from '@/lib/api/errors';

/**
 * The refusal of a wizard's last call, in the server's words, above the step's form (the set-up wizard's and the
 * recovery's); `actionFor` offers the way on for a refusal that has one (prove again, start again).
 */
export function useProblem(testId: string, actionFor: (error: ApiError) => ReactNode) {
  const [error, setError] = useState<ApiError>();
  const view = error ? (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid={testId}
      style={{ marginBottom: 16 }}
      message={error.message}
      action={actionFor(error)}
    />
  ) : null;
  return { view, setError, clear: () => setError(undefined) };
}
