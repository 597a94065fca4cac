import { PasswordInput } from '@mantine/core';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';

describe('localized theme', () => {
  it('names the password visibility toggle in the current language', async () => {
    const { i18n } = renderWithProviders(<PasswordInput label="Password" />);
    expect(screen.getByRole('button', { name: 'Show or hide the password' })).toBeInTheDocument();
    await act(() => i18n.changeLanguage('de'));
    expect(screen.getByRole('button', { name: 'Passwort anzeigen oder verbergen' })).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
  });
});
