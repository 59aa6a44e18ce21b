/**
 * A failure with the server's message and Retry. Loaded only when a list fails (see CardGrid and StatusAlert):
 * antd's Alert is not needed to show the monitor list, the first screen after login.
 */
import { TabError } from '@/components/LoadState';

export interface ErrorAlertProps {
  /** The headline ("the list could not be loaded"); the server's message is the description. */
  title: string;
  message: string;
  onRetry: () => void;
}

export default function ErrorAlert({ title, message, onRetry }: ErrorAlertProps) {
  return <TabError title={title} error={{ message }} onRetry={onRetry} testId="fleet-error" />;
}
