import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { showSecretOnce } from './show-secret-once.tsx';

function ShowSecret({ secret }: { secret: string }) {
  const { t } = useTranslation();
  return (
    <button type="button" onClick={() => showSecretOnce(t, secret)}>
      Show
    </button>
  );
}

describe('showSecretOnce', () => {
  it('offers the new secret to copy, confirming with "Copied"', async () => {
    renderWithProviders(<ShowSecret secret="s3cr3t-value" />);
    // userEvent.setup() provides a clipboard the copy button writes to.
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('s3cr3t-value');

    await user.click(within(dialog).getByRole('button', { name: 'Copy Secret' }));
    expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('s3cr3t-value');
  });

  it('shows nothing for a stored hash', async () => {
    renderWithProviders(<ShowSecret secret="$argon2id$v=19$hash" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
