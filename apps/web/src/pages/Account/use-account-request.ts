import { useState } from 'react';

/**
 * The one request behind an account form: busy while it runs, and its failure kept for the form to
 * show until the next try. `onError` lets a form place the server's field issues first.
 */
export function useAccountRequest() {
  const [failure, setFailure] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);
  const run = async (work: () => Promise<void>, onError?: (error: unknown) => void) => {
    setFailure(null);
    setSubmitting(true);
    try {
      await work();
    } catch (error) {
      onError?.(error);
      setFailure(error);
    } finally {
      setSubmitting(false);
    }
  };
  return { failure, submitting, run };
}
