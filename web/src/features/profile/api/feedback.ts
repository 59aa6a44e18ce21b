/**
 * The user's feedback to the console's operators (`/lfscada/feedback/add {content}`, crates/server/src/api/feedback.rs):
 * stored with the sender and kept in the operation log. Silent: the screen shows a refusal beside the text.
 */
import { useMutation } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';

export function useSendFeedback() {
  return useMutation<null, ApiError, string>({
    mutationFn: (content) => post<null>('/lfscada/feedback/add', { content }, { silent: true }),
  });
}
