import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { hubResources } from '../../resources/hub-resources.ts';
import { errorResponse } from '../../test/fake-auth-server.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { adminSession, createTestSession } from '../../test/session.ts';
import { useDeleteConfirmation } from './use-delete-confirmation.tsx';

const WAIT = { timeout: 5000 };

function DeleteFile({ gone, onDeleted }: { gone: boolean; onDeleted: () => void }) {
  const confirmDelete = useDeleteConfirmation<{ id: string }>(hubResources.analysisBucketFiles, {
    goneCountsAsDeleted: gone,
    onDeleted,
  });
  return (
    <button type="button" onClick={() => confirmDelete({ id: 'f1' }, 'main.py')}>
      Delete main.py
    </button>
  );
}

async function deleteAnswered404(gone: boolean) {
  const test = createTestSession({ signedIn: adminSession });
  await test.session.resolve();
  test.server.intercept('DELETE', '/core/analysis-bucket-files/f1', () =>
    errorResponse(404, 'not_found', 'The analysis bucket file was not found.'),
  );
  const onDeleted = vi.fn();
  renderWithProviders(<DeleteFile gone={gone} onDeleted={onDeleted} />, { session: test.session });
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Delete main.py' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
  return onDeleted;
}

describe('useDeleteConfirmation', () => {
  it('counts a record that is gone already as deleted where the product says so', async () => {
    const onDeleted = await deleteAnswered404(true);
    expect(await screen.findByText('"main.py" was deleted.', {}, WAIT)).toBeInTheDocument();
    expect(onDeleted).toHaveBeenCalledWith({ id: 'f1' });
  });

  it('reports a 404 as a failure everywhere else', async () => {
    const onDeleted = await deleteAnswered404(false);
    expect(await screen.findByText('Deleting failed', {}, WAIT)).toBeInTheDocument();
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
